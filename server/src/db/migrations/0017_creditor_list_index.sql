-- One creditor's bookings (a supplier's list, an admin's creditor filter) in any order: the creditor's
-- index entries carry every column the list sorts by, so its page is sorted out of the index alone
-- (an index-only scan of at most a creditor's bookings), however the creditor's bookings lie among
-- everyone's in a global sort index; led by (creditor_number, id), it also serves the creditor-number
-- order. Hand-written: drizzle cannot declare INCLUDE. bookings.repository.ts plan `creditorSorted`,
-- docs/performance.md "Bookings list".
CREATE INDEX "transactions_creditor_list_idx" ON "transactions" USING btree ("creditor_number", "id")
  INCLUDE ("invoice_date", "invoice_number", "debitor_number", "debitor_name", "delivery_location",
    "article_name", "net", "creditor_name", "export_date", "creation_date", "creation_user_email_address");
