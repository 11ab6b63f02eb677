-- The names of a booking's debitor, article and creditor, copied onto the booking
-- (transactions.debitor_name, article_name, creditor_name; docs/performance.md "Bookings list"), so
-- that the list sorts by name through an index. They are derived values: the app never writes them.
--
-- 1. A booking takes the names of its master records when it is stored and when one of its numbers
--    changes. The master row is read FOR SHARE: a rename running at the same time (which holds the
--    master row FOR NO KEY UPDATE) is waited for and its new name is taken; a rename that starts later
--    waits for this transaction, and its update of the bookings (a new statement, a new snapshot under
--    READ COMMITTED) then sees and renames these bookings too.
-- 2. A rename of a master record updates its bookings' copies in the same transaction. This touches
--    neither the booking's version nor the audit trail (the audit records the master record's change;
--    the copies are not part of a booking's traced fields).
-- Backup and restore (server/src/backup) need nothing of their own: a backup reads every table in one
-- snapshot, so its copies agree with its master data, and restore loads them as they were (triggers
-- disabled). A backup taken before this migration is restored up to its own migration; the backfill
-- at the end of this file fills the copies when the migration runs after it.
CREATE OR REPLACE FUNCTION transactions_fill_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.debitor_number IS DISTINCT FROM OLD.debitor_number THEN
    SELECT name INTO NEW.debitor_name FROM debitors WHERE number = NEW.debitor_number FOR SHARE;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.article_number IS DISTINCT FROM OLD.article_number THEN
    SELECT name INTO NEW.article_name FROM articles WHERE number = NEW.article_number FOR SHARE;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.creditor_number IS DISTINCT FROM OLD.creditor_number THEN
    SELECT name INTO NEW.creditor_name FROM creditors WHERE number = NEW.creditor_number FOR SHARE;
  END IF;
  -- A number without master record: the foreign key refuses the row after this trigger; the
  -- default keeps the NOT NULL check from answering first with another error.
  NEW.debitor_name := coalesce(NEW.debitor_name, '');
  NEW.article_name := coalesce(NEW.article_name, '');
  NEW.creditor_name := coalesce(NEW.creditor_name, '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_fill_names
  BEFORE INSERT OR UPDATE OF debitor_number, article_number, creditor_number ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_fill_names();--> statement-breakpoint
CREATE OR REPLACE FUNCTION debitors_rename_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET debitor_name = NEW.name
    WHERE debitor_number = NEW.number AND debitor_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER debitors_rename_bookings
  AFTER UPDATE OF name ON debitors
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION debitors_rename_bookings();--> statement-breakpoint
CREATE OR REPLACE FUNCTION articles_rename_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET article_name = NEW.name
    WHERE article_number = NEW.number AND article_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER articles_rename_bookings
  AFTER UPDATE OF name ON articles
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION articles_rename_bookings();--> statement-breakpoint
CREATE OR REPLACE FUNCTION creditors_rename_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET creditor_name = NEW.name
    WHERE creditor_number = NEW.number AND creditor_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER creditors_rename_bookings
  AFTER UPDATE OF name ON creditors
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION creditors_rename_bookings();--> statement-breakpoint
-- Backfill of the bookings stored before this migration (the same statement restore runs).
UPDATE transactions t SET debitor_name = d.name, article_name = a.name, creditor_name = c.name
  FROM debitors d, articles a, creditors c
  WHERE d.number = t.debitor_number AND a.number = t.article_number AND c.number = t.creditor_number
    AND (t.debitor_name IS DISTINCT FROM d.name OR t.article_name IS DISTINCT FROM a.name
      OR t.creditor_name IS DISTINCT FROM c.name);
