-- The indexes of every creditor's list orders carry the columns of the filters that restrict by a
-- range or a flag: the invoice date, the article and the export date. A deep page's ids are walked in
-- the order's index (the page plans `idsFirst`, bookings.list-sql.ts); with those columns in it, the
-- walk checks the filter there, in an index-only scan, instead of fetching every booking it passes
-- from the table. Measured in process on the million of the list bench (docs/performance.md "Bookings
-- list" change 38): exportedOnly by net on page 4,994 of 9,988 1.5-1.7 s -> 60-90 ms, page 2000
-- 24 ms; notExportedOnly in the other orders' middle pages 0.6-1.6 s -> 60-125 ms; a 90-day range
-- on page 812 of 1,624 100-200 -> 60-95 ms; the most common article (57,804 bookings) on page 579
-- 100-260 -> under 90 ms. Each index grows by ~18 MB at a million bookings (16 bytes an entry), 11
-- indexes ~200 MB together; no index is added. Hand-written: drizzle cannot declare INCLUDE.
DROP INDEX "transactions_invoice_number_idx";--> statement-breakpoint
DROP INDEX "transactions_creation_date_idx";--> statement-breakpoint
DROP INDEX "transactions_net_idx";--> statement-breakpoint
DROP INDEX "transactions_debitor_idx";--> statement-breakpoint
DROP INDEX "transactions_location_idx";--> statement-breakpoint
DROP INDEX "transactions_creation_email_idx";--> statement-breakpoint
DROP INDEX "transactions_debitor_name_idx";--> statement-breakpoint
DROP INDEX "transactions_article_name_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_name_idx";--> statement-breakpoint
CREATE INDEX "transactions_invoice_number_idx" ON "transactions" USING btree ("invoice_number","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_creation_date_idx" ON "transactions" USING btree ("creation_date","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_net_idx" ON "transactions" USING btree ("net","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_debitor_idx" ON "transactions" USING btree ("debitor_number","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_location_idx" ON "transactions" USING btree ("delivery_location","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_creation_email_idx" ON "transactions" USING btree ("creation_user_email_address","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_debitor_name_idx" ON "transactions" USING btree ("debitor_name","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_article_name_idx" ON "transactions" USING btree ("article_name","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
CREATE INDEX "transactions_creditor_name_idx" ON "transactions" USING btree ("creditor_name","id") INCLUDE ("invoice_date","article_number","export_date");--> statement-breakpoint
DROP INDEX "transactions_invoice_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_invoice_date_idx" ON "transactions" USING btree ("invoice_date","id") INCLUDE ("creation_date","net","article_number","export_date");--> statement-breakpoint
DROP INDEX "transactions_export_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_export_date_idx" ON "transactions" USING btree ("export_date" NULLS FIRST,"id") INCLUDE ("net","invoice_date","article_number");
