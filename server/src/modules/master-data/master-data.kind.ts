// What tells articles, creditors and debitors apart for the CRUD they share: the table, the columns
// of the answer, the schemas and labels of domain/ and the delete message; what a user may read of a
// kind is domain/src/policies.ts's.
// Everything else (rules, access, SQL, routes) is written once in this folder.
import type { PgInsertValue, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import type { MasterDataKindName } from '@lp/domain/policies';
import type { articles, creditors, debitors } from '../../db/schema';

export type MasterDataTable = typeof articles | typeof creditors | typeof debitors;

/** What every kind stores, whatever else it has. */
export interface Stored {
  number: number;
  /** Copied onto the record's bookings (migration 0011): a rename rewrites them. */
  name: string;
  isActive: boolean;
}

export interface MasterDataKind<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
> {
  /** Path segment under /api, e.g. 'articles'; also the kind's name in the policies (who reads what). */
  path: MasterDataKindName;
  table: TTable;
  /** Columns of the answer (creditors add a computed one). */
  selection: TSelection;
  toResponse(row: SelectResultFields<TSelection>): TResponse;
  /** Structural schema of a body: wrong JSON types are a malformed request (400). */
  inputSchema: z.ZodType<{ number?: number | null; isActive?: boolean }>;
  /** The rules of domain/ (200 with German messages); the output is what gets stored. */
  rules: z.ZodType<TInput>;
  toRow(input: TInput): PgInsertValue<TTable> & PgUpdateSetSource<TTable>;
  /** German field labels (ARTICLE_LABELS, …): the `property` of every message. */
  labels: Readonly<Record<string, string>> & { number: string; isActive: string };
  /** 'Der Artikel kann nicht gelöscht werden!' and its siblings. */
  deleteFailed: string;
  /** The empty-report record (article 999, debitor 999999): never deleted, deactivated or changed. */
  reservedNumber?: number;
  /** The number as the screens show it (articles: 001200); in messages too. */
  formatNumber?: (number: number) => string;
}

/** Lets TypeScript infer a kind's type parameters from its definition. */
export function defineMasterDataKind<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(kind: MasterDataKind<TTable, TSelection, TInput, TResponse>) {
  return kind;
}
