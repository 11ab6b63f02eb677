-- The names copied onto a booking (0011) come with the insert that stores it: insertBookings joins
-- the master rows, locked FOR SHARE in the same statement, and writes their names. The row trigger
-- that looked up three names per booking cost an upload of 100,000 rows about 8 s of PostgreSQL's
-- time on the bench machine (EXPLAIN ANALYZE: 380–430 ms per 5,000 rows; docs/performance.md, "Write
-- costs", decision 0087). The trigger stays for every other write:
-- - an insert that brings no name (the column's default '') gets it looked up, as before: SQL typed by
--   hand, a seed; a number without master record still leaves '' for the foreign key to refuse;
-- - an update that changes a number takes the new record's name (its own trigger now).
-- The lock is the same: FOR SHARE on each master row the statement uses, so a rename running at the
-- same time is waited for (and its new name taken), and a later rename waits for this transaction.
DROP TRIGGER transactions_fill_names ON transactions;--> statement-breakpoint
CREATE TRIGGER transactions_fill_names
  BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.debitor_name = '' OR NEW.article_name = '' OR NEW.creditor_name = '')
  EXECUTE FUNCTION transactions_fill_names();--> statement-breakpoint
CREATE TRIGGER transactions_refill_names
  BEFORE UPDATE OF debitor_number, article_number, creditor_number ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_fill_names();
