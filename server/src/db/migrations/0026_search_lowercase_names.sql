-- The search's master-data look-up (bookings.search.ts findSearchMatches) matched the term with ILIKE
-- on every debitor, article, creditor and delivery location. In this UTF-8 database with its ICU
-- collation, ILIKE lowercases both the text and the pattern with lower() on every row it tests
-- (PostgreSQL's like.c): 4.4 ms of every search's 12-22 ms at the bench's 2,001 debitors. The names
-- lowercased once, on write, and matched with LIKE against lower(term) give the same matches (the same
-- lower(), the same collation) in 0.8 ms. docs/performance.md "Bookings list" change 34.
-- Backup and restore need nothing: generated columns are left out of a backup and computed on restore
-- (backup/catalog.ts).
ALTER TABLE "articles" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "creditors" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "debitors" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD COLUMN "location_lower" text GENERATED ALWAYS AS (lower(location)) STORED;--> statement-breakpoint
-- The delivery locations' trigram index serves the lowered column the look-up now reads.
DROP INDEX IF EXISTS "delivery_locations_trgm_idx";--> statement-breakpoint
CREATE INDEX "delivery_locations_lower_trgm_idx" ON "delivery_locations" USING gin ("location_lower" gin_trgm_ops);
