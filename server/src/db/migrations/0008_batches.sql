CREATE TABLE "export_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(254) NOT NULL,
	"count" integer NOT NULL,
	"net_sum" numeric(18, 2) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(254) NOT NULL,
	"creditor_number" integer,
	"file_name" varchar(255) NOT NULL,
	"count" integer NOT NULL,
	"net_sum" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "export_batch_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "upload_batch_id" integer;--> statement-breakpoint
CREATE INDEX "export_batches_created_at_idx" ON "export_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_batches_created_at_idx" ON "upload_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_batches_creditor_idx" ON "upload_batches" USING btree ("creditor_number","created_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_export_batch_id_export_batches_id_fk" FOREIGN KEY ("export_batch_id") REFERENCES "public"."export_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_upload_batch_id_upload_batches_id_fk" FOREIGN KEY ("upload_batch_id") REFERENCES "public"."upload_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_export_batch_idx" ON "transactions" USING btree ("export_batch_id");--> statement-breakpoint
CREATE INDEX "transactions_upload_batch_idx" ON "transactions" USING btree ("upload_batch_id");