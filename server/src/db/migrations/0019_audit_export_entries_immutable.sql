-- The export entries of the audit trail (audit_export_entries, migration 0018) are as append-only as
-- audit_entries (migration 0007, decision 0011): the database refuses UPDATE, DELETE and TRUNCATE for
-- every role, the owner and a superuser included. The refusing function is 0007's, so both tables
-- answer with the same error.
CREATE TRIGGER audit_export_entries_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_export_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_export_entries_no_truncate
  BEFORE TRUNCATE ON audit_export_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();
