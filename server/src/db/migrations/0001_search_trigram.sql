-- Substring search of the bookings list (ILIKE '%…%') stays fast at a million bookings: GIN trigram
-- indexes on the booking's own text columns. Master-data names and numbers are matched in their
-- small tables first and then looked up through the btree indexes on the business numbers.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_invoice_number_trgm_idx" ON "transactions" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_delivery_location_trgm_idx" ON "transactions" USING gin ("delivery_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_additional_information_trgm_idx" ON "transactions" USING gin ("additional_information" gin_trgm_ops);
