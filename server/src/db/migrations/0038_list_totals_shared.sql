-- The counted totals of the bookings list's filters, shared by every server on this database
-- (server/src/modules/bookings/bookings.shared-totals.ts, decision 0043). Each server keeps the totals
-- it counted in memory; a filter counted on one server was counted again on every other one a user's
-- requests reached, and after every restart (a search of 250,450 matches: 180-320 ms each time). A
-- row holds the totals of one filter (by the hash of its condition) at one data version
-- (bookings_data_version): it is read only while that version is current, so it is what a fresh count
-- would give. Rows of older versions are deleted when a newer count is stored. Unlogged: a cache,
-- emptied by PostgreSQL after a crash, and no WAL for its writes. Hand-written, like the data version:
-- drizzle cannot declare an unlogged table.
CREATE UNLOGGED TABLE list_totals (
  key_hash bytea PRIMARY KEY,
  version bigint NOT NULL,
  total integer NOT NULL,
  net_sum numeric NOT NULL,
  match_range jsonb
);
