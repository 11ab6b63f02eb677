-- One creditor's list by article name walks this index instead of sorting all of the creditor's
-- bookings with the ICU collation (a supplier's page 100 of 74,449 bookings: p95 98 ms on the million
-- uploaded through the API). It costs inserts ~7 % and export marking 14-30 % more index work.
-- docs/performance.md "Bookings list" change 31.
CREATE INDEX "transactions_creditor_article_name_idx" ON "transactions" USING btree ("creditor_number","article_name","id");
