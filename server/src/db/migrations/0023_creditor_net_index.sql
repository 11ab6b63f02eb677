-- One creditor's list by net walks this index: the net's values are nearly unique, so no grouping by
-- value shortens the sort of all the creditor's bookings that this order needed before (a supplier's
-- page of 74,449 bookings 49-101 ms, 2-10 ms with it). docs/performance.md "Bookings list" change 21.
CREATE INDEX "transactions_creditor_net_idx" ON "transactions" USING btree ("creditor_number","net","id");