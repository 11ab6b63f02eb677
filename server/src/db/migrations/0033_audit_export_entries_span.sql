-- A booking's export entries are found through the span of ids of each audit_export_entries row
-- (decision 0033), no longer through a GIN index of every id: the GIN index took one entry per
-- exported booking, and an export of a million bookings spent 3 s of database time and wrote ~300 MB
-- of WAL on it. An export now writes its ids sorted, in rows of consecutive ids, so a row's span is
-- narrow and the GiST index of the spans takes one entry per row; a booking's rows are those whose
-- span holds its id and whose ids do (audit.repository.ts selectEntries). Rows written before keep
-- their ids in the order of their export; their spans may be wide, which costs their lookups a check
-- of more rows, never a wrong answer.
CREATE FUNCTION audit_id_span(ids integer[]) RETURNS int4range
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT pg_catalog.int4range(pg_catalog.min(x), pg_catalog.max(x), '[]') FROM pg_catalog.unnest(ids) x $$;--> statement-breakpoint
CREATE INDEX "audit_export_entries_id_span_idx" ON "audit_export_entries" USING gist (audit_id_span("transaction_ids"));--> statement-breakpoint
DROP INDEX "audit_export_entries_transaction_ids_idx";
