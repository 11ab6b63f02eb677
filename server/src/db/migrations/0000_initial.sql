CREATE TABLE "app_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "articles_number_unique" UNIQUE("number"),
	CONSTRAINT "articles_number_positive" CHECK ("articles"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "creditors" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "creditors_number_unique" UNIQUE("number"),
	CONSTRAINT "creditors_number_positive" CHECK ("creditors"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "debitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"street" varchar(200) NOT NULL,
	"zip_code" varchar(10) NOT NULL,
	"city" varchar(100) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "debitors_number_unique" UNIQUE("number"),
	CONSTRAINT "debitors_number_positive" CHECK ("debitors"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_date" date NOT NULL,
	"invoice_number" varchar(50) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"debitor_number" integer NOT NULL,
	"delivery_location" varchar(75) NOT NULL,
	"article_number" integer NOT NULL,
	"additional_information" varchar(75),
	"creditor_number" integer NOT NULL,
	"export_date" timestamp with time zone,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_user_email_address" varchar(254) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_address" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"creditor_number" integer,
	"token_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_debitor_number_debitors_number_fk" FOREIGN KEY ("debitor_number") REFERENCES "public"."debitors"("number") ON DELETE restrict ON UPDATE restrict;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_article_number_articles_number_fk" FOREIGN KEY ("article_number") REFERENCES "public"."articles"("number") ON DELETE restrict ON UPDATE restrict;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_creditor_number_creditors_number_fk" FOREIGN KEY ("creditor_number") REFERENCES "public"."creditors"("number") ON DELETE restrict ON UPDATE restrict;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_creditor_number_creditors_number_fk" FOREIGN KEY ("creditor_number") REFERENCES "public"."creditors"("number") ON DELETE restrict ON UPDATE restrict;--> statement-breakpoint
CREATE INDEX "transactions_creditor_creation_idx" ON "transactions" USING btree ("creditor_number","creation_date");--> statement-breakpoint
CREATE INDEX "transactions_creditor_invoice_date_idx" ON "transactions" USING btree ("creditor_number","invoice_date");--> statement-breakpoint
CREATE INDEX "transactions_creditor_invoice_number_idx" ON "transactions" USING btree ("creditor_number","invoice_number");--> statement-breakpoint
CREATE INDEX "transactions_invoice_date_idx" ON "transactions" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "transactions_invoice_number_idx" ON "transactions" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "transactions_creation_date_idx" ON "transactions" USING btree ("creation_date");--> statement-breakpoint
CREATE INDEX "transactions_export_date_idx" ON "transactions" USING btree ("export_date");--> statement-breakpoint
CREATE INDEX "transactions_net_idx" ON "transactions" USING btree ("net");--> statement-breakpoint
CREATE INDEX "transactions_debitor_idx" ON "transactions" USING btree ("debitor_number");--> statement-breakpoint
CREATE INDEX "transactions_article_idx" ON "transactions" USING btree ("article_number");--> statement-breakpoint
CREATE INDEX "transactions_location_idx" ON "transactions" USING btree ("delivery_location");--> statement-breakpoint
CREATE INDEX "transactions_creation_email_idx" ON "transactions" USING btree ("creation_user_email_address");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "users_creditor_number_idx" ON "users" USING btree ("creditor_number");