-- The bookings list filtered by an export batch names the bookings the batch exported again through
-- its audit entries (bookings.filter.ts): an index on the batch, so that it reads the batch's rows
-- only, not every export's.
CREATE INDEX "audit_export_entries_batch_idx" ON "audit_export_entries" USING btree ("export_batch_id");