ALTER TABLE "transactions" ADD COLUMN "debitor_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "article_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "creditor_name" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_debitor_name_idx" ON "transactions" USING btree ("debitor_name","id");--> statement-breakpoint
CREATE INDEX "transactions_article_name_idx" ON "transactions" USING btree ("article_name","id");--> statement-breakpoint
CREATE INDEX "transactions_creditor_name_idx" ON "transactions" USING btree ("creditor_name","id");