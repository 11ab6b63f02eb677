-- An admin has no creditor (users.service.ts, domain/src/user.schema.ts). Until 29 Nov 2026 POST and
-- PUT /api/users took isAdmin together with a creditorNumber: such an admin's address was among the
-- creditor's urgency e-mail addresses and kept the creditor from being deleted. This clears the
-- creditor of every admin like a save through the API would: the version goes up (an edit form
-- loaded before answers 412) and each change enters the audit trail (decisions.md section 11).
WITH admins AS (
  SELECT id, creditor_number FROM users WHERE is_admin AND creditor_number IS NOT NULL FOR UPDATE
), cleared AS (
  UPDATE users SET creditor_number = NULL, version = users.version + 1
    FROM admins WHERE users.id = admins.id
    RETURNING users.id
)
INSERT INTO audit_entries (user_email_address, entity, entity_key, action, changes)
  SELECT 'Migration 0043_admins_without_creditor', 'user', admins.id, 'update',
         jsonb_build_object('creditorNumber', jsonb_build_object('old', admins.creditor_number, 'new', NULL))
    FROM admins JOIN cleared ON cleared.id = admins.id;
