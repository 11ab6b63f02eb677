-- The article's index carries the id and the net: (article_number, creditor_number, id) INCLUDE
-- (net), in place of (article_number, creditor_number) of migration 0027. Measured in EXPLAIN ANALYZE
-- on the million of the list bench, whose most common article has 57,804 bookings:
-- - the count and net sum of an article filter, counted on its first request, are read from the index
--   alone: 214 -> 11-22 ms for that article (a bitmap heap scan of its rows before);
-- - one article's bookings in id order, the list sorted by article name (one name on all of them,
--   bookings.filter.ts fixedSortKeys): a deep page 278 -> 19-29 ms (the primary key walked
--   past 472,000 other bookings before), and the article name's index walked past every other
--   article's bookings no longer (the last page 2.8 s);
-- - a supplier's article filter still reads exactly its bookings (471 of the article's 6,400): page
--   2.4-3.3 ms as before, its totals 3.0 -> 0.2-0.3 ms.
-- 39 MB against 7 MB (the id makes every entry unique, so nothing deduplicates); still one index per
-- insert. The foreign key's check when an article is deleted reads its first column. Hand-written:
-- drizzle cannot declare INCLUDE. docs/performance.md "Bookings list" change 37.
CREATE INDEX "transactions_article_idx" ON "transactions" USING btree ("article_number","creditor_number","id") INCLUDE ("net");--> statement-breakpoint
DROP INDEX "transactions_article_creditor_idx";
