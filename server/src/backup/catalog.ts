// What a backup holds, read from PostgreSQL's catalog rather than listed by hand: every table of the
// schema `public` with its stored columns, its key (the order rows are written and checksummed in)
// and the sequences its columns draw from, in an order that satisfies the foreign keys.
import type pg from 'pg';

export interface TableColumn {
  name: string;
  /** Text-like: ordered with the C collation, so that two clusters order the rows alike. */
  collatable: boolean;
  /** The sequence a serial or identity column draws from. */
  sequence: string | null;
}

export interface CatalogTable {
  name: string;
  /** Stored columns (generated columns are computed again on restore). */
  columns: TableColumn[];
  /** Primary key columns; empty: the rows are ordered by every column. */
  key: string[];
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * `select <columns> from <table> order by <key>`: the one row order used for dump and checksum; with
 * `where`, of the rows it admits (the retention's archive, server/src/retention).
 */
export function orderedSelect(table: CatalogTable, where?: string): string {
  const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
  const orderColumns = table.key.length > 0 ? table.key : table.columns.map((c) => c.name);
  const order = orderColumns
    .map((name) => {
      const column = table.columns.find((c) => c.name === name);
      return `${quoteIdentifier(name)}${column?.collatable ? ' collate "C"' : ''}`;
    })
    .join(', ');
  const condition = where ? ` where ${where}` : '';
  return `select ${columns} from public.${quoteIdentifier(table.name)}${condition} order by ${order}`;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  collatable: boolean;
  sequence: string | null;
  key_position: number | null;
}

interface ForeignKeyRow {
  table_name: string;
  referenced: string;
}

/** The tables in an order where every table comes after the tables its foreign keys point to. */
export async function readCatalog(client: pg.ClientBase): Promise<CatalogTable[]> {
  const columns = await client.query<ColumnRow>(`
    select c.relname as table_name, a.attname as column_name, a.attcollation <> 0 as collatable,
           pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as sequence,
           array_position(i.indkey::int2[], a.attnum) as key_position
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relkind in ('r', 'p') and not c.relispartition and a.attgenerated = ''
     order by c.relname, a.attnum`);
  const foreignKeys = await client.query<ForeignKeyRow>(`
    select c.relname as table_name, r.relname as referenced
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace and n.nspname = 'public'
     where k.contype = 'f' and k.conrelid <> k.confrelid`);

  const tables = new Map<string, CatalogTable & { keyPositions: Map<string, number> }>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? {
      name: row.table_name,
      columns: [],
      key: [],
      keyPositions: new Map<string, number>(),
    };
    tables.set(row.table_name, table);
    table.columns.push({ name: row.column_name, collatable: row.collatable, sequence: row.sequence });
    if (row.key_position !== null) table.keyPositions.set(row.column_name, row.key_position);
  }
  for (const table of tables.values())
    table.key = [...table.keyPositions.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);

  return inForeignKeyOrder(
    [...tables.values()].map(({ name, columns: cols, key }) => ({ name, columns: cols, key })),
    foreignKeys.rows,
  );
}

function inForeignKeyOrder(tables: CatalogTable[], foreignKeys: ForeignKeyRow[]): CatalogTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: CatalogTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`Foreign keys form a cycle (${[...path, name].join(' → ')}); cannot order the tables`);
    state.set(name, 'visiting');
    for (const fk of foreignKeys) if (fk.table_name === name) visit(fk.referenced, [...path, name]);
    state.set(name, 'done');
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table.name, []);
  return ordered;
}

/**
 * Session settings of every backup and restore connection: the text form of dates, times, byte
 * strings and numbers is fixed, so the same rows always give the same bytes (and checksums).
 */
export const DUMP_SESSION_SETTINGS = `
  set client_encoding = 'UTF8';
  set timezone = 'UTC';
  set datestyle = 'ISO, YMD';
  set intervalstyle = 'postgres';
  set extra_float_digits = 3;
  set bytea_output = 'hex';
  set statement_timeout = 0;
  set idle_in_transaction_session_timeout = 0;`;
