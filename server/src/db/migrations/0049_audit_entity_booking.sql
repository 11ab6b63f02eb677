-- The audit trail names a booking `booking` (issue 53: one noun per concept); the wire keeps the
-- spec's `entity=transaction` (domain/src/audit.ts maps it). Stored entries are renamed with the rule:
-- the trail is append-only (0007), so its update trigger is set aside for this one deliberate step,
-- inside the migration's transaction, and is back before anything else can write.
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_entity_known";--> statement-breakpoint
ALTER TABLE "audit_entries" DISABLE TRIGGER "audit_entries_no_update_or_delete";--> statement-breakpoint
UPDATE "audit_entries" SET "entity" = 'booking' WHERE "entity" = 'transaction';--> statement-breakpoint
ALTER TABLE "audit_entries" ENABLE TRIGGER "audit_entries_no_update_or_delete";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_entity_known" CHECK ("audit_entries"."entity" in ('booking', 'article', 'creditor', 'debitor', 'user'));
