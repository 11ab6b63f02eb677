-- The search matches the booking's own texts on lowercased copies, as it matches the master data since
-- migration 0026 (decision 0026). ILIKE calls lower() on the pattern and on the text of every row it
-- tests; with this database's ICU collation (de-DE) that is most of a search's cost wherever it tests
-- many rows: a supplier's search tests every one of the creditor's bookings in the creditor's covering
-- index (migration 0035), 74,000 of them for the largest creditor, and the search "Stadt" by debitor
-- name took 87-137 ms on the embedded PostgreSQL, ~42 ms with the copies (docs/performance.md
-- "Bookings list" change 50). LIKE on the copies against lower(term) gives the same matches (the same
-- lower(), the same collation) and compares bytes.
-- The trigram indexes move to the copies; the covering index carries the copies instead of the
-- additional information. Backup and restore need nothing: generated columns are left out of a backup
-- and computed on restore (backup/catalog.ts). Hand-written: drizzle cannot declare INCLUDE.
-- The three indexes that change are dropped before the rewrite, which rebuilds every index it finds,
-- and built once afterwards.
DROP INDEX "transactions_invoice_number_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_additional_information_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_creditor_list_idx";--> statement-breakpoint
ALTER TABLE "transactions"
  ADD COLUMN "invoice_number_lower" text GENERATED ALWAYS AS (lower(invoice_number)) STORED,
  ADD COLUMN "additional_information_lower" text GENERATED ALWAYS AS (lower(additional_information)) STORED;--> statement-breakpoint
CREATE INDEX "transactions_invoice_number_lower_trgm_idx" ON "transactions" USING gin ("invoice_number_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_additional_information_lower_trgm_idx" ON "transactions" USING gin ("additional_information_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_creditor_list_idx" ON "transactions" USING btree ("creditor_number", "id")
  INCLUDE ("invoice_date", "invoice_number", "debitor_number", "debitor_name", "delivery_location",
    "article_number", "article_name", "net", "creditor_name", "export_date", "creation_date",
    "creation_user_email_address", "invoice_number_lower", "additional_information_lower");
