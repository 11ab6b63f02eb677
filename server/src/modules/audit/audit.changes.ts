// What an update changed, field by field (pure: the recorder feeds it the snapshots before and after).
import type { AuditChange } from '@lp/domain/audit';
import type { AuditSnapshot } from './audit.repository';

/** The fields whose value differs, with old and new value; an unchanged field is left out. */
export function diffSnapshots(before: AuditSnapshot, after: AuditSnapshot): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[field] ?? null;
    const now = after[field] ?? null;
    if (old !== now) changes[field] = { old, new: now };
  }
  return changes;
}

/** A password is recorded only as changed: never its value, never its hash. */
export const PASSWORD_CHANGED: Record<string, AuditChange> = { password: { changed: true } };
