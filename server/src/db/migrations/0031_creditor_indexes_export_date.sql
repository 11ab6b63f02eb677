-- The indexes one creditor's list walks in its orders of creation date, invoice date, net and
-- article name carry the export date, so that exportedOnly and notExportedOnly are checked in the
-- index while a page's ids are walked there (bookings.page-plan.ts). Through the table, a supplier's
-- not exported bookings by creation date, oldest first, passed the creditor's 37,000 exported ones
-- before the first match: 196 ms for page 1; now 1.2-9.1 ms at any page and order of the largest
-- creditor (docs/performance.md "Bookings list" change 39). ~9 MB more per index at a million
-- bookings. Hand-written: drizzle cannot declare INCLUDE.
DROP INDEX "transactions_creditor_creation_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_net_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_article_name_idx";--> statement-breakpoint
CREATE INDEX "transactions_creditor_creation_idx" ON "transactions" USING btree ("creditor_number","creation_date","id") INCLUDE ("export_date");--> statement-breakpoint
CREATE INDEX "transactions_creditor_net_idx" ON "transactions" USING btree ("creditor_number","net","id") INCLUDE ("export_date");--> statement-breakpoint
CREATE INDEX "transactions_creditor_article_name_idx" ON "transactions" USING btree ("creditor_number","article_name","id") INCLUDE ("export_date");--> statement-breakpoint
DROP INDEX "transactions_creditor_invoice_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_creditor_invoice_date_idx" ON "transactions" USING btree ("creditor_number","invoice_date","id") INCLUDE ("creation_date","net","export_date");
