-- Every list order's index ends with the id, the list's tiebreak: a page is read in index order without
-- sorting groups of equal keys, and a deep page's ids come from the index alone. The partial index
-- serves exportedOnly in the default order (the newest bookings are the not yet exported ones). The
-- (creditor, invoice number) index goes: the duplicate look-up is as selective on the invoice number
-- alone, and one creditor's list has its own index (0017). docs/performance.md "Bookings list".
DROP INDEX "transactions_creditor_invoice_number_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_creation_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_invoice_date_idx";--> statement-breakpoint
DROP INDEX "transactions_invoice_date_idx";--> statement-breakpoint
DROP INDEX "transactions_invoice_number_idx";--> statement-breakpoint
DROP INDEX "transactions_creation_date_idx";--> statement-breakpoint
DROP INDEX "transactions_net_idx";--> statement-breakpoint
DROP INDEX "transactions_debitor_idx";--> statement-breakpoint
DROP INDEX "transactions_location_idx";--> statement-breakpoint
CREATE INDEX "transactions_exported_creation_date_idx" ON "transactions" USING btree ("creation_date","id") WHERE "transactions"."export_date" is not null;--> statement-breakpoint
CREATE INDEX "transactions_creditor_creation_idx" ON "transactions" USING btree ("creditor_number","creation_date","id");--> statement-breakpoint
CREATE INDEX "transactions_creditor_invoice_date_idx" ON "transactions" USING btree ("creditor_number","invoice_date","id");--> statement-breakpoint
CREATE INDEX "transactions_invoice_date_idx" ON "transactions" USING btree ("invoice_date","id");--> statement-breakpoint
CREATE INDEX "transactions_invoice_number_idx" ON "transactions" USING btree ("invoice_number","id");--> statement-breakpoint
CREATE INDEX "transactions_creation_date_idx" ON "transactions" USING btree ("creation_date","id");--> statement-breakpoint
CREATE INDEX "transactions_net_idx" ON "transactions" USING btree ("net","id");--> statement-breakpoint
CREATE INDEX "transactions_debitor_idx" ON "transactions" USING btree ("debitor_number","id");--> statement-breakpoint
CREATE INDEX "transactions_location_idx" ON "transactions" USING btree ("delivery_location","id");