-- Autovacuum visits the bookings once a thousandth of them has changed, not a fifth (decision 0038).
-- The list's deep pages and the name and number orders read covering indexes alone only where the
-- visibility map marks a page all-visible; every updated or inserted booking clears its page's mark
-- until a vacuum sets it again. A rename rewrites the name copies of all the record's bookings, which
-- lie spread over the whole table: after an article's rename (6,400 bookings) page 10,000 by net read
-- 105,000 rows from the table and took 134 instead of 71 ms; after the largest creditor's (74,449)
-- 345 ms. PostgreSQL's defaults wait for 20 % of the table (200,000 rows at a million), so the
-- slowdown stayed. From 0.1 % (1,050 changed or 2,000 inserted rows at a million) a vacuum follows
-- within a minute (autovacuum_naptime); it read and marked the million in 2.6 s. Hand-written:
-- drizzle cannot declare storage parameters. They belong to the table: a restore, which runs these
-- migrations, keeps them.
ALTER TABLE "transactions" SET (
  autovacuum_vacuum_scale_factor = 0.001,
  autovacuum_vacuum_insert_scale_factor = 0.001
);
