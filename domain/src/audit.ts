// The audit trail's vocabulary (decisions.md section 11): which records are traced, what can happen
// to them, and the wire shape of an entry. `changes` names fields by their JSON names on the wire.

/** The kinds of record the trail covers; `transaction` is a booking (the wire's word). */
export const AUDIT_ENTITIES = ['transaction', 'article', 'creditor', 'debitor', 'user'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'export'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A field's value as the wire carries it. */
export type AuditValue = string | number | boolean | null;

/** A changed field: old and new value, or for a password only that it changed (never a value). */
export type AuditChange = { old: AuditValue; new: AuditValue } | { changed: true };

/** Fields whose value never enters the trail, only the fact that they changed. */
export const AUDIT_SECRET_FIELDS = ['password'] as const;

/** One entry of GET /api/audit?entity=…&id=… (newest first). */
export interface AuditEntry {
  /** ISO 8601 timestamp of the change (its database transaction's time). */
  at: string;
  userEmailAddress: string;
  action: AuditAction;
  changes: Record<string, AuditChange>;
}

export const isSecretChange = (change: AuditChange): change is { changed: true } => 'changed' in change;
