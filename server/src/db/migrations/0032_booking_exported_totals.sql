-- Keeps booking_exported_month_totals (the exported bookings' count and net sum per creditor, month
-- and export batch, empty reports included) equal to the bookings in the transaction of every write,
-- as 0015 keeps the month totals and 0028 the debitor totals: a statement trigger per write kind
-- reads the statement's changed rows that are exported (transition tables) and adds their difference
-- per group; groups whose difference is zero are not written; the upsert writes in the order of its
-- key, so two writers queue instead of deadlocking. Rows that fall to zero stay.
-- Who writes it: an export (its bookings become exported, +1 each, in its own batch's groups), an
-- edit or deletion of an exported booking, and nothing else. An upload or a new booking is never
-- exported, so it writes no total here and never waits for an export; a rename of master data changes
-- no group. The batch in the key keeps exports apart: one long export holds the locks of its own
-- batch's groups only, so a second export, or the edit of a booking an earlier export marked, does not
-- wait for it (a booking the running export marked is locked by it anyway). Bookings exported without
-- a batch count under batch 0.
-- What reads it: the totals of a list restricted to one export status, and the groups of its deep
-- pages by creditor or invoice month (bookings.list-sql.ts, docs/performance.md "Bookings list"
-- change 40). The not exported bookings are the month totals' bookings and empty reports less the
-- exported ones. An export adds a row per creditor and month it marked; after it has committed,
-- booking_exported_month_totals_compact() folds the rows of every committed batch into batch 0, so the
-- table keeps about one row per creditor and month (bookings.exported-totals.ts).
-- Backup and restore need nothing of their own: a backup reads every table in one snapshot, and
-- restore loads them as they were (triggers disabled). A backup taken before this migration is
-- restored up to its own migration; the backfill at the end of this file counts the bookings when the
-- migration runs after it. Bulk loads that bypass the triggers call
-- booking_exported_month_totals_rebuild().
CREATE TABLE "booking_exported_month_totals" (
	"creditor_number" integer NOT NULL,
	"month" date NOT NULL,
	"export_batch" integer NOT NULL,
	"bookings" integer NOT NULL,
	"net" numeric NOT NULL,
	CONSTRAINT "booking_exported_month_totals_creditor_number_month_export_batch_pk" PRIMARY KEY("creditor_number","month","export_batch")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_exported_month_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The changed rows that are exported, with their sign; the transition tables each trigger declares.
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT creditor_number, invoice_date, export_batch_id, net, 1 AS sign
          FROM new_rows WHERE export_date IS NOT NULL'
    WHEN 'DELETE' THEN 'SELECT creditor_number, invoice_date, export_batch_id, net, -1 AS sign
          FROM old_rows WHERE export_date IS NOT NULL'
    ELSE 'SELECT creditor_number, invoice_date, export_batch_id, net, 1 AS sign
          FROM new_rows WHERE export_date IS NOT NULL
          UNION ALL SELECT creditor_number, invoice_date, export_batch_id, net, -1 AS sign
          FROM old_rows WHERE export_date IS NOT NULL'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM booking_exported_month_totals;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO booking_exported_month_totals AS t (creditor_number, month, export_batch, bookings, net)
    SELECT creditor_number, month, export_batch, sum(sign), sum(sign * net)
      FROM (SELECT creditor_number, date_trunc('month', invoice_date)::date AS month,
                   coalesce(export_batch_id, 0) AS export_batch, sign, net
              FROM (%s) changed) contributions
     GROUP BY creditor_number, month, export_batch
    HAVING sum(sign) <> 0 OR sum(sign * net) <> 0
     ORDER BY creditor_number, month, export_batch
    ON CONFLICT (creditor_number, month, export_batch) DO UPDATE
       SET bookings = t.bookings + excluded.bookings, net = t.net + excluded.net
  $sql$, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_exported_totals_insert
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_exported_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_exported_totals_update
  AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_exported_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_exported_totals_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_exported_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_exported_totals_truncate
  AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION booking_exported_month_totals_apply();--> statement-breakpoint
-- All totals counted again from the bookings: the backfill below, and bulk loads that bypass the
-- triggers (session_replication_role = replica), which call it when they are done.
CREATE OR REPLACE FUNCTION booking_exported_month_totals_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM booking_exported_month_totals;
  INSERT INTO booking_exported_month_totals (creditor_number, month, export_batch, bookings, net)
  SELECT creditor_number, date_trunc('month', invoice_date)::date, coalesce(export_batch_id, 0), count(*), sum(net)
    FROM transactions WHERE export_date IS NOT NULL GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
-- The rows of committed export batches folded into batch 0 (one statement: the deleted rows are
-- those it adds up, each in its last committed version, as a DELETE in READ COMMITTED takes it). Rows
-- a running export has written are not visible to it and stay; it never waits for a running export,
-- only for the short transaction of an edit of an exported booking. A write that comes after it
-- and finds no row of its batch adds a new one: the readers sum over the batches.
CREATE OR REPLACE FUNCTION booking_exported_month_totals_compact() RETURNS void
LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM booking_exported_month_totals WHERE export_batch <> 0
    RETURNING creditor_number, month, bookings, net
  )
  INSERT INTO booking_exported_month_totals AS t (creditor_number, month, export_batch, bookings, net)
  SELECT creditor_number, month, 0, sum(bookings), sum(net) FROM folded
   GROUP BY creditor_number, month
   ORDER BY creditor_number, month
  ON CONFLICT (creditor_number, month, export_batch) DO UPDATE
     SET bookings = t.bookings + excluded.bookings, net = t.net + excluded.net;
$$;--> statement-breakpoint
-- Backfill of the bookings stored before this migration.
SELECT booking_exported_month_totals_rebuild();
