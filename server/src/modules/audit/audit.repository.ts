// SQL of the audit trail: each traced record's values as the wire names them (a jsonb snapshot read
// in SQL, so that an upload's 100,000 bookings are recorded in one statement), the inserts, and the
// history of one record. Rows are only inserted (the tables' triggers refuse anything else).
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditChange, AuditEntity, AuditEntry, AuditValue } from '@lp/domain/audit';
import type { DbOrTx } from '../../db/connection';

/** A record's traced values under their wire names. */
export type AuditSnapshot = Record<string, AuditValue>;

const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface TracedTable {
  table: SQL;
  /** The column the trail's key is: the booking's and user's id, a business number otherwise. */
  key: SQL;
  /** jsonb of the row `r`'s traced values (wire names and wire formats). Never a password hash. */
  values: SQL;
}

const TRACED: Record<AuditEntity, TracedTable> = {
  booking: {
    table: sql`transactions`,
    key: sql`id`,
    values: sql`jsonb_build_object(
      'invoiceDate', to_char(r.invoice_date, 'YYYY-MM-DD"T00:00:00.000Z"'),
      'invoiceNumber', r.invoice_number, 'net', r.net, 'debitorId', r.debitor_number,
      'deliveryLocation', r.delivery_location, 'articleId', r.article_number,
      'additionalInformation', r.additional_information, 'creditorId', r.creditor_number,
      'exportDate', ${isoTimestamp(sql`r.export_date`)})`,
  },
  article: {
    table: sql`articles`,
    key: sql`number`,
    values: sql`jsonb_build_object('number', r.number, 'name', r.name, 'isActive', r.is_active)`,
  },
  creditor: {
    table: sql`creditors`,
    key: sql`number`,
    values: sql`jsonb_build_object('number', r.number, 'name', r.name, 'isActive', r.is_active)`,
  },
  debitor: {
    table: sql`debitors`,
    key: sql`number`,
    values: sql`jsonb_build_object('number', r.number, 'name', r.name, 'street', r.street,
      'zipCode', r.zip_code, 'city', r.city, 'isActive', r.is_active)`,
  },
  user: {
    table: sql`users`,
    key: sql`id`,
    values: sql`jsonb_build_object('emailAddress', r.email_address, 'isAdmin', r.is_admin,
      'isActive', r.is_active, 'creditorNumber', r.creditor_number)`,
  },
};

const jsonbParam = (value: object) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The traced values of one record, its row locked until the transaction ends (the change that
 * follows and the snapshot after it see the same row); undefined when there is none.
 */
export async function selectSnapshot(
  tx: DbOrTx,
  entity: AuditEntity,
  key: number,
): Promise<AuditSnapshot | undefined> {
  const { table, key: keyColumn, values } = TRACED[entity];
  const { rows } = await tx.execute<{ values: AuditSnapshot }>(
    sql`select ${values} as values from ${table} r where r.${keyColumn} = ${key} for update`,
  );
  return rows[0]?.values;
}

/**
 * One entry per stored record among `keys` whose changes are all its (non-null) values, as new
 * values (`create`) or old ones (`delete`, called before the rows go), plus `extra` changes.
 */
export async function insertSnapshotEntries(
  tx: DbOrTx,
  entry: { userEmailAddress: string; entity: AuditEntity; action: 'create' | 'delete' },
  keys: readonly number[],
  extra: Record<string, AuditChange> = {},
): Promise<void> {
  if (keys.length === 0) return;
  const { table, key, values } = TRACED[entry.entity];
  const change =
    entry.action === 'create'
      ? sql`jsonb_build_object('old', null, 'new', f.value)`
      : sql`jsonb_build_object('old', f.value, 'new', null)`;
  await tx.execute(sql`insert into audit_entries (user_email_address, entity, entity_key, action, changes)
    select ${entry.userEmailAddress}, ${entry.entity}, r.${key}, ${entry.action},
      coalesce((select jsonb_object_agg(f.key, ${change}) from jsonb_each(${values}) f
        where f.value <> 'null'::jsonb), '{}'::jsonb) || ${jsonbParam(extra)}
    from ${table} r where r.${key} = any(${sql.param([...keys])}::int[])`);
}

export async function insertEntry(
  tx: DbOrTx,
  entry: {
    userEmailAddress: string;
    entity: AuditEntity;
    key: number;
    action: AuditAction;
    changes: Record<string, AuditChange>;
  },
): Promise<void> {
  await tx.execute(sql`insert into audit_entries (user_email_address, entity, entity_key, action, changes)
    values (${entry.userEmailAddress}, ${entry.entity}, ${entry.key}, ${entry.action}, ${jsonbParam(entry.changes)})`);
}

/**
 * A record's history, newest first. A booking's also holds its compact export entries (one per export
 * row that lists it, found through the GiST index of the rows' spans of ids, decision 0033), shown as
 * audit_entries showed them. Entries of one transaction share their time: export entries first (the
 * export writes nothing else), then each table's entries in the order they were written, newest first.
 */
export async function selectEntries(db: DbOrTx, entity: AuditEntity, key: number): Promise<AuditEntry[]> {
  const exports =
    entity === 'booking'
      ? sql`union all
        select e.at, e.user_email_address, 'export', case when e.first_export
            then jsonb_build_object('exportDate', jsonb_build_object('old', null, 'new', ${isoTimestamp(sql`e.at`)}))
            else '{}'::jsonb end,
          1, e.id
        from audit_export_entries e
        where audit_id_span(e.transaction_ids) @> ${key}::int and e.transaction_ids @> array[${key}::int]`
      : sql``;
  const { rows } = await db.execute<AuditEntry & Record<string, unknown>>(
    sql`select ${isoTimestamp(sql`h.at`)} as at, h.user_email_address as "userEmailAddress", h.action,
        h.changes
      from (
        select a.at, a.user_email_address, a.action, a.changes, 0 as source, a.id
        from audit_entries a where a.entity = ${entity} and a.entity_key = ${key}
        ${exports}
      ) h
      order by h.at desc, h.source desc, h.id desc`,
  );
  return rows;
}
