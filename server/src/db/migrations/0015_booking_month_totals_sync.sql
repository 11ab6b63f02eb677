-- Keeps booking_month_totals (the Meldestatus' per creditor and month figures; docs/performance.md
-- "Meldestatus") equal to the bookings, in the transaction of every write:
--
-- 1. A statement trigger per write kind reads the statement's changed rows (transition tables) and
--    adds their difference per creditor and month: inserted rows count +1, deleted rows -1, an update
--    both (its old rows -1, its new rows +1). An upload of 100,000 bookings is one grouped upsert, not
--    100,000 row triggers.
-- 2. Groups whose difference is zero are not written: an export, which only sets the export date,
--    or a rename of master data (the name copies of 0011) aggregate their rows but lock no total, so
--    they never wait for an upload of the same creditor.
-- 3. The upsert writes the groups ordered by creditor and month, so two writers that need the same
--    totals take them in one order and queue instead of deadlocking.
-- Rows that fall to zero stay (a month whose bookings were all deleted reads like a month never
-- booked: count 0, no empty report). An empty report is the booking with the reserved article 999 and
-- debitor 999999 (domain/src/reserved-records.ts; the same condition as transactions_empty_report_unique).
-- Backup and restore need nothing of their own: a backup reads every table in one snapshot, and
-- restore loads them as they were (triggers disabled). A backup taken before this migration is
-- restored up to its own migration; the backfill at the end of this file fills the totals when the
-- migration runs after it.
CREATE OR REPLACE FUNCTION booking_month_totals_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The changed rows with their sign; the transition tables each trigger declares (a trigger on
  -- INSERT has no old rows, one on DELETE no new rows).
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM booking_month_totals;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO booking_month_totals AS t (creditor_number, month, bookings, net, empty_reports)
    SELECT creditor_number, month, sum(bookings), sum(net), sum(empty_reports)
      FROM (SELECT creditor_number, date_trunc('month', invoice_date)::date AS month,
                   CASE WHEN is_empty_report THEN 0 ELSE sign END AS bookings,
                   CASE WHEN is_empty_report THEN 0 ELSE sign * net END AS net,
                   CASE WHEN is_empty_report THEN sign ELSE 0 END AS empty_reports
              FROM (SELECT *, article_number = 999 AND debitor_number = 999999 AS is_empty_report
                      FROM (%s) changed) marked) contributions
     GROUP BY creditor_number, month
    HAVING sum(bookings) <> 0 OR sum(net) <> 0 OR sum(empty_reports) <> 0
     ORDER BY creditor_number, month
    ON CONFLICT (creditor_number, month) DO UPDATE
       SET bookings = t.bookings + excluded.bookings,
           net = t.net + excluded.net,
           empty_reports = t.empty_reports + excluded.empty_reports
  $sql$, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_month_totals_insert
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_month_totals_update
  AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_month_totals_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION booking_month_totals_apply();--> statement-breakpoint
CREATE TRIGGER transactions_month_totals_truncate
  AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION booking_month_totals_apply();--> statement-breakpoint
-- All totals computed again from the bookings: the backfill below, and bulk loads that bypass the
-- triggers (session_replication_role = replica), which call it when they are done.
CREATE OR REPLACE FUNCTION booking_month_totals_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM booking_month_totals;
  INSERT INTO booking_month_totals (creditor_number, month, bookings, net, empty_reports)
  SELECT creditor_number, date_trunc('month', invoice_date)::date,
         count(*) FILTER (WHERE NOT is_empty_report),
         coalesce(sum(net) FILTER (WHERE NOT is_empty_report), 0),
         count(*) FILTER (WHERE is_empty_report)
    FROM (SELECT creditor_number, invoice_date, net,
                 article_number = 999 AND debitor_number = 999999 AS is_empty_report
            FROM transactions) marked
   GROUP BY 1, 2;
$$;--> statement-breakpoint
-- Backfill of the bookings stored before this migration.
SELECT booking_month_totals_rebuild();
