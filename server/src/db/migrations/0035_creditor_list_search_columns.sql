-- One creditor's covering index carries every column the list's condition reads but the export
-- batch: the article number (the article filter and the search's article branch) and the additional
-- information (the search's own text), besides the columns it carried for the sort (migration 0017).
-- A supplier's search is then tested in the index alone: before, it read each of the creditor's
-- bookings in the table to test the additional information, and on a million bookings uploaded through
-- the API the creditor's 74,000 bookings lay on 16,000 pages (the search "Stadt" by debitor name:
-- 129-165 ms, now ~51 ms; docs/performance.md "Bookings list" change 49). Hand-written: drizzle
-- cannot declare INCLUDE.
DROP INDEX "transactions_creditor_list_idx";--> statement-breakpoint
CREATE INDEX "transactions_creditor_list_idx" ON "transactions" USING btree ("creditor_number", "id")
  INCLUDE ("invoice_date", "invoice_number", "debitor_number", "debitor_name", "delivery_location",
    "article_number", "article_name", "net", "creditor_name", "export_date", "creation_date",
    "creation_user_email_address", "additional_information");
