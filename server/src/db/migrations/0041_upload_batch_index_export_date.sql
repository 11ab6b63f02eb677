-- "Ihre letzten Uploads" shows whether any booking of a batch is exported (then the undo is refused,
-- decisions.md section 11), and offers the undo only where it is not. The batch index gains the
-- export date, so that this is one index probe per listed batch ("upload_batch_id = … and
-- export_date is not null") instead of reading all the batch's bookings. The export date is in other
-- indexes of the bookings already, so export marking does no work it did not do before.
DROP INDEX "transactions_upload_batch_idx";--> statement-breakpoint
CREATE INDEX "transactions_upload_batch_idx" ON "transactions" USING btree ("upload_batch_id","export_date");