// An audit entry's changes as the history shows them: German field labels in the order of the
// record's form, values as the screens show them (dd.MM.yyyy, 1.234,50, ja/nein).
import {
  isSecretChange,
  type AuditAction,
  type AuditChange,
  type AuditEntity,
  type AuditValue,
} from '@lp/domain/audit';
import { formatDate, formatDateTime } from '@lp/domain/dates';
import {
  ARTICLE_LABELS,
  AUDIT_LABELS,
  BOOKING_LABELS,
  CREDITOR_LABELS,
  DEBITOR_LABELS,
  UI_LABELS,
  USER_LABELS,
} from '@lp/domain/labels';
import { formatAmount, padArticleNumber } from '@lp/domain/numbers';

const FIELD_LABELS: Record<AuditEntity, Readonly<Record<string, string>>> = {
  booking: BOOKING_LABELS,
  article: ARTICLE_LABELS,
  creditor: CREDITOR_LABELS,
  debitor: DEBITOR_LABELS,
  user: USER_LABELS,
};

/** Fields whose values need more than their text (the rest: strings, numbers, ja/nein). */
const FORMATS: Record<string, (value: string | number) => string> = {
  invoiceDate: (v) => formatDate(String(v)),
  exportDate: (v) => formatDateTime(String(v)),
  creationDate: (v) => formatDateTime(String(v)),
  net: (v) => formatAmount(v),
  // Article numbers as every screen shows them: 001200.
  articleId: (v) => padArticleNumber(Number(v)),
};

export function formatAuditValue(field: string, value: AuditValue, entity?: AuditEntity): string {
  if (value === null || value === '') return AUDIT_LABELS.empty;
  if (typeof value === 'boolean') return value ? UI_LABELS.yes : UI_LABELS.no;
  if (entity === 'article' && field === 'number') return padArticleNumber(Number(value));
  return FORMATS[field]?.(value) ?? String(value);
}

export interface ChangeLine {
  field: string;
  label: string;
  /** The value before; absent where only one value tells it (create, delete, a password). */
  from?: string;
  to: string;
}

/**
 * One line per changed field, in the order of the entity's labels (unknown fields last). An update
 * shows old → new; a create its values, a delete the values the record had.
 */
export function changeLines(
  entity: AuditEntity,
  action: AuditAction,
  changes: Record<string, AuditChange>,
): ChangeLine[] {
  const labels = FIELD_LABELS[entity];
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(changes)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([field, change]) => {
      const label = labels[field] ?? field;
      if (isSecretChange(change)) return { field, label, to: AUDIT_LABELS.changed };
      const shown = (value: AuditValue) => formatAuditValue(field, value, entity);
      if (action === 'create') return { field, label, to: shown(change.new) };
      if (action === 'delete') return { field, label, to: shown(change.old) };
      return { field, label, from: shown(change.old), to: shown(change.new) };
    });
}
