-- A version of the bookings table's contents, so that the list can reuse the exact count and net sum
-- of a filter for the following pages (server/src/modules/bookings/bookings.totals-cache.ts;
-- docs/performance.md "Bookings list"). It is the number of committed writes: every statement that
-- writes bookings leaves a pending row in its transaction, and a deferred trigger turns each pending
-- row into one increment at commit. Increments of all writers queue on the one version row, but only
-- for the moment of their commit, so parallel uploads of different creditors do not wait for each
-- other. A reader that sees the same version in its snapshot sees the same bookings.
-- Writes with the triggers disabled (restore into a new database, bulk loads in replica mode) do not
-- count: a server is started on such a database afterwards, with an empty cache.
CREATE TABLE bookings_data_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE bookings_data_pending (id bigserial PRIMARY KEY);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_data_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bookings_data_pending DEFAULT VALUES;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_data_written
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_data_written();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_data_commit() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- No row yet means version 0 (a migration stores no row: an empty database stays empty).
  INSERT INTO bookings_data_version (id, version) VALUES (true, 1)
    ON CONFLICT (id) DO UPDATE SET version = bookings_data_version.version + 1;
  DELETE FROM bookings_data_pending WHERE id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_data_commit
  AFTER INSERT ON bookings_data_pending
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bookings_data_commit();
