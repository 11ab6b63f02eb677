import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_ENTITY_WIRE_NAMES, type AuditEntity, type AuditEntry } from '@lp/domain/audit';
import { api } from '../lib/api-client';
import { withQuery } from '../lib/query-string';

/**
 * Cache keys of the audit trail. Every save or delete of a record invalidates `all`, so the history
 * on an edit page shows the change it has just made.
 */
export const auditKeys = {
  all: ['audit'] as const,
  record: (entity: AuditEntity, id: number) => ['audit', entity, id] as const,
};

/** GET /api/audit?entity=&id=: the record's history, newest first (admins only). */
export function getAuditEntries(
  entity: AuditEntity,
  id: number,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  return api.get<AuditEntry[]>(withQuery('/api/audit', { entity: AUDIT_ENTITY_WIRE_NAMES[entity], id }), {
    signal,
  });
}

export const auditEntriesQueryOptions = (entity: AuditEntity, id: number) =>
  queryOptions({
    queryKey: auditKeys.record(entity, id),
    queryFn: ({ signal }) => getAuditEntries(entity, id, signal),
  });

export function useAuditEntries(entity: AuditEntity, id: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...auditEntriesQueryOptions(entity, id), enabled });
}
