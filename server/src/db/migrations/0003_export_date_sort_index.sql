DROP INDEX "transactions_export_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_export_date_idx" ON "transactions" USING btree ("export_date" NULLS FIRST,"id");