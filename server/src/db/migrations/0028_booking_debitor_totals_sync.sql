-- Keeps booking_debitor_totals (the number of bookings per creditor and debitor, empty reports
-- included) equal to the bookings in the transaction of every write, as 0015 keeps the month totals:
-- a statement trigger per write kind reads the statement's changed rows (transition tables) and adds
-- their difference per creditor and debitor (inserted +1, deleted -1, an update both); groups whose
-- difference is zero are not written (an export or a rename locks no total); the upsert writes in
-- the order of its key, so two writers queue instead of deadlocking. Rows that fall to zero stay.
-- What reads it: a deep page of the whole list, or of one creditor's, by debitor number or name finds
-- the debitors it spans here and walks only their bookings (bookings.list-sql.ts `totalGroups`,
-- docs/performance.md "Bookings list" change 36).
-- Backup and restore need nothing of their own: a backup reads every table in one snapshot, and
-- restore loads them as they were (triggers disabled). A backup taken before this migration is
-- restored up to its own migration; the backfill at the end of this file counts the bookings when the
-- migration runs after it. Bulk loads that bypass the triggers call booking_debitor_totals_rebuild().
CREATE TABLE "booking_debitor_totals" (
	"creditor_number" integer NOT NULL,
	"debitor_number" integer NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_debitor_totals_creditor_number_debitor_number_pk" PRIMARY KEY("creditor_number","debitor_number")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_debitor_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The changed rows with their sign; the transition tables each trigger declares.
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT creditor_number, debitor_number, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT creditor_number, debitor_number, -1 AS sign FROM old_rows'
    ELSE 'SELECT creditor_number, debitor_number, 1 AS sign FROM new_rows
          UNION ALL SELECT creditor_number, debitor_number, -1 AS sign FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM booking_debitor_totals;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO booking_debitor_totals AS t (creditor_number, debitor_number, bookings)
    SELECT creditor_number, debitor_number, sum(sign)
      FROM (%s) changed
     GROUP BY creditor_number, debitor_number
    HAVING sum(sign) <> 0
     ORDER BY creditor_number, debitor_number
    ON CONFLICT (creditor_number, debitor_number) DO UPDATE SET bookings = t.bookings + excluded.bookings
  $sql$, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_debitor_totals_insert
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_debitor_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_debitor_totals_update
  AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_debitor_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_debitor_totals_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_debitor_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_debitor_totals_truncate
  AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION booking_debitor_totals_apply();--> statement-breakpoint
-- All totals counted again from the bookings: the backfill below, and bulk loads that bypass the
-- triggers (session_replication_role = replica), which call it when they are done.
CREATE OR REPLACE FUNCTION booking_debitor_totals_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM booking_debitor_totals;
  INSERT INTO booking_debitor_totals (creditor_number, debitor_number, bookings)
  SELECT creditor_number, debitor_number, count(*) FROM transactions GROUP BY 1, 2;
$$;--> statement-breakpoint
-- Backfill of the bookings stored before this migration.
SELECT booking_debitor_totals_rebuild();
