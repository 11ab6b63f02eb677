import type { AuditEntity } from '@lp/domain/audit';
import { formatDateTime } from '@lp/domain/dates';
import { AUDIT_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { useAuditEntries } from '../../api/get-audit';
import { useCurrentUser } from '../../lib/current-user';
import { Spinner } from '../ui/spinner';
import { changeLines } from './audit-changes';
import './audit-history.css';

/**
 * Änderungsverlauf: who changed the record when, and each field's old → new value, newest first
 * (decisions.md section 11). Shown to who may read the trail (admins); nothing for anyone else.
 */
export function AuditHistory({ entity, id }: { entity: AuditEntity; id: number }) {
  const allowed = POLICIES['audit:read'](useCurrentUser());
  const entries = useAuditEntries(entity, id, { enabled: allowed });
  if (!allowed) return null;
  const headingId = `audit-history-${entity}-${id}`;
  return (
    <section className="audit-history" aria-labelledby={headingId}>
      <h2 id={headingId}>{AUDIT_LABELS.heading}</h2>
      {entries.isPending ? (
        <Spinner />
      ) : entries.isError ? (
        <p className="audit-history__note">{AUDIT_LABELS.loadFailed}</p>
      ) : entries.data.length === 0 ? (
        <p className="audit-history__note">{AUDIT_LABELS.none}</p>
      ) : (
        <div className="table-wrapper">
          <table className="data-table audit-history__table">
            <thead>
              <tr>
                <th scope="col">{AUDIT_LABELS.at}</th>
                <th scope="col">{AUDIT_LABELS.user}</th>
                <th scope="col">{AUDIT_LABELS.action}</th>
                <th scope="col">{AUDIT_LABELS.changes}</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.map((entry, index) => {
                const lines = changeLines(entity, entry.action, entry.changes);
                return (
                  <tr key={`${entry.at}-${index}`}>
                    <td className="audit-history__at">{formatDateTime(entry.at)}</td>
                    <td>{entry.userEmailAddress}</td>
                    <td>{AUDIT_LABELS.actions[entry.action]}</td>
                    <td>
                      {lines.length === 0 ? (
                        <span className="audit-history__note">{AUDIT_LABELS.noChanges}</span>
                      ) : (
                        <ul className="audit-history__changes">
                          {lines.map((line) => (
                            <li key={line.field}>
                              <span className="audit-history__field">{line.label}:</span>{' '}
                              {line.from !== undefined && (
                                <>
                                  <span className="audit-history__old">{line.from}</span> →{' '}
                                </>
                              )}
                              <span className="audit-history__new">{line.to}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
