-- Keeps each upload batch's count and net sum (upload_batches, decisions.md section 11) equal to the
-- bookings it still holds. The upload fills them from its stored bookings (finishUploadBatch); since
-- then a booking of the batch may be deleted on its own or its net changed, and "Ihre letzten Uploads"
-- went on showing, and the undo's confirmation went on naming, the count of the file as uploaded.
--
-- 1. Deletes: one statement trigger per statement subtracts the deleted rows per batch (transition
--    table), having locked those batches in id order, so that two deletes that touch the same batches
--    queue instead of deadlocking. An undo subtracts its batch's rows before it deletes the batch itself.
-- 2. A changed net: a row trigger on UPDATE OF net that fires only when the net changes, so an
--    export (export date), a rename of master data (the name copies) or a move to another debitor
--    never calls it. No route moves a booking to another batch.
-- Inserts need nothing: a batch's bookings are all stored by its upload, which fills the totals last.
-- Backup and restore need nothing of their own (one snapshot; restore loads the tables as they were).
CREATE OR REPLACE FUNCTION upload_batch_totals_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The batches are locked in id order first: an UPDATE … FROM locks in its plan's order.
  PERFORM 1 FROM upload_batches
    WHERE id IN (SELECT upload_batch_id FROM old_rows)
    ORDER BY id FOR UPDATE;
  UPDATE upload_batches b
     SET count = b.count - d.bookings, net_sum = b.net_sum - d.net
    FROM (SELECT upload_batch_id, count(*)::int AS bookings, sum(net) AS net
            FROM old_rows
           WHERE upload_batch_id IS NOT NULL
           GROUP BY upload_batch_id) d
   WHERE b.id = d.upload_batch_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_upload_batch_totals_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION upload_batch_totals_delete();--> statement-breakpoint
CREATE OR REPLACE FUNCTION upload_batch_totals_net() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE upload_batches SET net_sum = net_sum - OLD.net + NEW.net WHERE id = NEW.upload_batch_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_upload_batch_totals_net
  AFTER UPDATE OF net ON transactions
  FOR EACH ROW WHEN (NEW.upload_batch_id IS NOT NULL AND OLD.net IS DISTINCT FROM NEW.net)
  EXECUTE FUNCTION upload_batch_totals_net();--> statement-breakpoint
-- Batches stored before this migration: their totals from the bookings they hold now.
UPDATE upload_batches b
   SET count = s.bookings, net_sum = s.net
  FROM (SELECT b2.id, count(t.id)::int AS bookings, coalesce(sum(t.net), 0) AS net
          FROM upload_batches b2 LEFT JOIN transactions t ON t.upload_batch_id = b2.id
         GROUP BY b2.id) s
 WHERE b.id = s.id AND (b.count <> s.bookings OR b.net_sum <> s.net);
