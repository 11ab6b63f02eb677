CREATE TABLE "audit_export_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_email_address" varchar(254) NOT NULL,
	"export_batch_id" integer NOT NULL,
	"first_export" boolean NOT NULL,
	"transaction_ids" integer[] NOT NULL,
	CONSTRAINT "audit_export_entries_ids_present" CHECK (cardinality("audit_export_entries"."transaction_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_export_entries" ADD CONSTRAINT "audit_export_entries_export_batch_id_export_batches_id_fk" FOREIGN KEY ("export_batch_id") REFERENCES "public"."export_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_export_entries_transaction_ids_idx" ON "audit_export_entries" USING gin ("transaction_ids");