// Reading the audit trail: admins only (POLICIES['audit:read'], checked by the route). A record
// that no longer exists keeps its history: a deleted booking's entries stay readable.
import type { AuditEntity, AuditEntry } from '@lp/domain/audit';
import type { Db } from '../../db/connection';
import { selectEntries } from './audit.repository';

export function listAuditEntries(db: Db, entity: AuditEntity, key: number): Promise<AuditEntry[]> {
  return selectEntries(db, entity, key);
}
