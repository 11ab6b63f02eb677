DROP INDEX "transactions_creation_email_idx";--> statement-breakpoint
CREATE INDEX "transactions_creation_email_idx" ON "transactions" USING btree ("creation_user_email_address","id");