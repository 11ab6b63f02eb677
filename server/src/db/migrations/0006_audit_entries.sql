CREATE TABLE "audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_email_address" varchar(254) NOT NULL,
	"entity" varchar(20) NOT NULL,
	"entity_key" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "audit_entries_entity_known" CHECK ("audit_entries"."entity" in ('transaction', 'article', 'creditor', 'debitor', 'user')),
	CONSTRAINT "audit_entries_action_known" CHECK ("audit_entries"."action" in ('create', 'update', 'delete', 'export'))
);
--> statement-breakpoint
CREATE INDEX "audit_entries_entity_key_at_idx" ON "audit_entries" USING btree ("entity","entity_key","at" DESC NULLS LAST);