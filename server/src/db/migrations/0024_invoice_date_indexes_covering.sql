-- The two invoice-date indexes carry the creation date and the net: an invoice-date range in the
-- default order (creation date, newest first) sorts its matches' creation dates, and its first request
-- counts and sums their nets. With both columns in the index, a range is read by an index-only scan
-- instead of a bitmap heap scan (docs/performance.md "Bookings list" change 30), at a million bookings:
-- - transactions_invoice_date_idx, every creditor's 90-day range (82,089 matches): page 25-30 ->
--   14-20 ms, totals 20-25 -> 11-20 ms; a deep page in invoice-date order walks the wider entries
--   ~10 % slower.
-- - transactions_creditor_invoice_date_idx, one creditor's 90-day range (6,264 of its 74,449
--   bookings, spread over the whole table): page 14-23 -> 1.4-1.9 ms, totals 14-20 -> 1.1-1.7 ms.
-- Still two indexes: they replace those of migration 0016 with the same keys. Hand-written: drizzle
-- cannot declare INCLUDE.
DROP INDEX "transactions_invoice_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_invoice_date_idx" ON "transactions" USING btree ("invoice_date","id") INCLUDE ("creation_date","net");--> statement-breakpoint
DROP INDEX "transactions_creditor_invoice_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_creditor_invoice_date_idx" ON "transactions" USING btree ("creditor_number","invoice_date","id") INCLUDE ("creation_date","net");
