// Repair in place (issue 55): a file read as text rows for the editable table, with the column mapping
// this user chose before for the same headers; and the remembering of such a mapping.
import { createHash } from 'node:crypto';
import { normaliseHeader, UPLOAD_COLUMNS, type UploadColumnKey } from '@lp/domain/upload-columns';
import {
  headersKey,
  type ColumnMapping,
  type ColumnMappingBody,
  type UploadSheet,
} from '@lp/domain/upload-sheet';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../auth/index';
import { selectColumnMapping, upsertColumnMapping } from './column-mappings.repository';
import { detectFileKind } from './file-kind';
import { readCsvRows } from './csv-reader';
import { readOdsRows } from './ods-reader';
import { readXlsxRows } from './xlsx-reader';
import { SheetTextCollector } from './sheet-text';
import { UploadRejection } from './upload-rejection';

const COLUMN_KEYS: ReadonlySet<string> = new Set(UPLOAD_COLUMNS.map((c) => c.key));

/** The file's rows as text; an unreadable file is a 400 with the upload's German message. */
export async function readUploadSheet(db: Db, file: Buffer, user: SessionUser): Promise<UploadSheet> {
  const collector = new SheetTextCollector();
  let sheet: { headers: string[]; rows: UploadSheet['rows'] };
  try {
    const kind = detectFileKind(file);
    if (kind === 'csv') readCsvRows(file, collector);
    else await (kind === 'ods' ? readOdsRows : readXlsxRows)(file, collector);
    sheet = collector.finish();
  } catch (error) {
    if (error instanceof UploadRejection) throw AppError.badRequest(error.message);
    throw error;
  }
  const stored = await selectColumnMapping(db, user.id, storageKey(sheet.headers));
  return { ...sheet, columnMapping: stored && validMapping(stored, sheet.headers) };
}

export async function rememberColumnMapping(db: Db, user: SessionUser, body: ColumnMappingBody) {
  await upsertColumnMapping(db, user.id, storageKey(body.headers), body.mapping);
}

function storageKey(headers: readonly string[]): string {
  return createHash('sha256').update(headersKey(headers)).digest('hex');
}

/** A stored mapping names the headers as that file spelt them; it is given in this file's spelling. */
function validMapping(stored: Record<string, string>, headers: readonly string[]): ColumnMapping {
  const byNormalised = new Map(Object.entries(stored).map(([h, key]) => [normaliseHeader(h), key]));
  const entries: [string, UploadColumnKey][] = [];
  for (const header of headers) {
    const key = byNormalised.get(normaliseHeader(header));
    if (key !== undefined && COLUMN_KEYS.has(key)) entries.push([header, key as UploadColumnKey]);
  }
  return Object.fromEntries(entries);
}
