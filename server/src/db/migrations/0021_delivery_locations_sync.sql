-- The list's search matches a term against the distinct delivery locations (delivery_locations, a
-- few thousand rows) and looks the bookings up by the locations found, through the btree index
-- transactions_location_idx (bookings.search.ts, docs/performance.md "Bookings list" change 13). The
-- trigram index on the bookings' own locations intersected the posting lists of every trigram of the
-- term over a million rows (37-58 ms for a 24-character term whatever it matched); it is dropped.
--
-- Kept in the transaction of every write: a statement trigger on insert and on update reads the
-- statement's new rows (transition table) and adds the locations the table does not have yet. One
-- upload of 100,000 bookings is one grouped insert. Deleted bookings leave their locations: a
-- location no booking has any more only lengthens the search's array of locations. The table has no
-- unique key, so writers never wait for each other here (see schema.ts); a location two transactions
-- bring at the same moment is stored twice, and read distinct.
-- Backup and restore need nothing of their own: a backup reads every table in one snapshot, restore
-- loads them as they were (triggers disabled). A backup from before this migration is restored up to
-- its own migration; the backfill at the end of this file fills the table afterwards.
CREATE INDEX "delivery_locations_trgm_idx" ON "delivery_locations" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION delivery_locations_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO delivery_locations (location)
  SELECT location
    FROM (SELECT DISTINCT delivery_location AS location FROM new_rows) brought
   WHERE NOT EXISTS (SELECT FROM delivery_locations d WHERE d.location = brought.location);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_delivery_locations_insert
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION delivery_locations_add();--> statement-breakpoint
CREATE TRIGGER transactions_delivery_locations_update
  AFTER UPDATE ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION delivery_locations_add();--> statement-breakpoint
-- The table computed again from the bookings: the backfill below, and bulk loads that bypass the
-- triggers (session_replication_role = replica), which call it when they are done.
CREATE OR REPLACE FUNCTION delivery_locations_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM delivery_locations;
  INSERT INTO delivery_locations (location) SELECT DISTINCT delivery_location FROM transactions;
$$;--> statement-breakpoint
SELECT delivery_locations_rebuild();--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_delivery_location_trgm_idx";
