CREATE TABLE "upload_column_mappings" (
	"user_id" integer NOT NULL,
	"headers_key" varchar(64) NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_column_mappings_user_id_headers_key_pk" PRIMARY KEY("user_id","headers_key")
);
--> statement-breakpoint
ALTER TABLE "upload_column_mappings" ADD CONSTRAINT "upload_column_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;