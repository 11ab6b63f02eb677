-- The export-date index carries the net: the first request of exportedOnly or notExportedOnly counts
-- and sums about half of the bookings, which an index-only scan of this index does in 72-84 ms where
-- the heap scan took 165-200 ms at a million bookings (docs/performance.md "Bookings list" change 18).
-- Still one index: it replaces the one of migration 0003 with the same key. Hand-written: drizzle
-- cannot declare INCLUDE.
DROP INDEX "transactions_export_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_export_date_idx" ON "transactions" USING btree ("export_date" NULLS FIRST, "id") INCLUDE ("net");
