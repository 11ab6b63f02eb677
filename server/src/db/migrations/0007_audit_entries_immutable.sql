-- The audit trail is append-only (decisions.md section 11, decision 0011). No route changes or
-- deletes an entry; this makes the database itself refuse it, for every role including the owner
-- and a superuser (the embedded PostgreSQL runs the app as one superuser, so grants alone would not
-- hold: see the decision note). Only a deliberate DDL step (dropping or disabling the trigger) could
-- get past it, and that needs the table's owner.
CREATE OR REPLACE FUNCTION audit_entries_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_entries_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate
  BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();
