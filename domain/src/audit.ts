// The audit trail's vocabulary (decisions.md section 11): which records are traced, what can happen
// to them, and the wire shape of an entry. `changes` names fields by their JSON names on the wire.

/** The kinds of record the trail covers, as the code and the database name them. */
export const AUDIT_ENTITIES = ['booking', 'article', 'creditor', 'debitor', 'user'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Each kind's word in `GET /api/audit?entity=` (decisions.md section 11): the wire keeps the spec's
 * `transaction` for a booking; everywhere else a booking is a booking (decision 0006).
 */
export const AUDIT_ENTITY_WIRE_NAMES = {
  booking: 'transaction',
  article: 'article',
  creditor: 'creditor',
  debitor: 'debitor',
  user: 'user',
} as const satisfies Record<AuditEntity, string>;
export type AuditEntityWireName = (typeof AUDIT_ENTITY_WIRE_NAMES)[AuditEntity];

export const AUDIT_ENTITY_WIRE_VALUES = Object.values(AUDIT_ENTITY_WIRE_NAMES) as [
  AuditEntityWireName,
  ...AuditEntityWireName[],
];

export function auditEntityFromWire(name: AuditEntityWireName): AuditEntity {
  return AUDIT_ENTITIES.find((entity) => AUDIT_ENTITY_WIRE_NAMES[entity] === name)!;
}

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
