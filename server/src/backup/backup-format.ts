// The backup file (decision 0013): one gzip stream of lines. A JSON header, then per table a JSON
// line naming it, its rows in PostgreSQL's COPY text format (one row per line, ordered by key) and the
// line `\.`, then a JSON trailer with each table's row count and SHA-256 of its rows. A file without
// its trailer is incomplete and is refused.
import type { TableColumn } from './catalog';

export const BACKUP_FORMAT = 'lieferantenportal-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Ends a table's rows: COPY's text format writes a backslash as `\\`, so no row is this line. */
export const END_OF_ROWS = '\\.';

export interface AppliedMigration {
  /** The journal time drizzle records as created_at. */
  when: number;
  hash: string;
  tag: string | null;
}

export interface BackupHeader {
  kind: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgresVersion: string;
  /** Every migration applied in the backed-up database, oldest first; the last one is the schema. */
  migrations: AppliedMigration[];
  tables: { name: string; columns: TableColumn[]; key: string[]; rows: number }[];
}

export interface TableStart {
  kind: 'table';
  name: string;
}

export interface SequenceValue {
  sequence: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupTrailer {
  kind: 'end';
  tables: Record<string, { rows: number; sha256: string }>;
  sequences: SequenceValue[];
}

export type BackupLine = BackupHeader | TableStart | BackupTrailer;

export function parseBackupLine(line: string): BackupLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error('Not a Lieferantenportal backup (or a damaged one): unexpected content');
  }
  const kind = (parsed as { kind?: unknown } | null)?.kind;
  if (kind !== 'header' && kind !== 'table' && kind !== 'end')
    throw new Error('Not a Lieferantenportal backup (or a damaged one): unknown section');
  return parsed as BackupLine;
}
