// The upload of a bookings file: recognise and read it, check every row with the booking
// validation, and store all rows in one transaction, or none. A stored upload is a batch
// (upload_batches, decisions.md section 11) that can be undone as a whole.
import { UPLOAD_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { uploadMessageProperty, type UploadResult } from '@lp/domain/upload-columns';
import type { Db } from '../../db/connection';
import { recordCreated } from '../audit/index';
import type { SessionUser } from '../auth/index';
import { toNewBookingRow, validateBookingsForWrite, type BookingValidation } from '../bookings/index';
import { insertBookings } from '../bookings/index';
import { afterWritingBookings } from '../bookings/index';
import { finishUploadBatch, insertUploadBatch } from '../upload-batches/index';
import type { Mailer } from '../mail/index';
import { queueUploadReceipt } from '../mail/index';
import { BookingRowCollector, type CollectedBookings } from './booking-rows';
import { readCsvRows } from './csv-reader';
import { detectFileKind } from './file-kind';
import { UploadRejection } from './upload-rejection';
import { readOdsRows } from './ods-reader';
import { readXlsxRows } from './xlsx-reader';

/** Rows converted for the insert at a time, so that not all 100,000 exist twice. */
const INSERT_BATCH = 5_000;

export async function importUpload(
  db: Db,
  file: Buffer,
  user: SessionUser,
  {
    checkForDuplicates,
    fileName,
    dryRun = false,
    mailer,
  }: { checkForDuplicates: boolean; fileName: string; dryRun?: boolean; mailer?: Mailer },
): Promise<UploadResult> {
  let collected: CollectedBookings;
  try {
    collected = await readBookings(file, user);
  } catch (error) {
    if (error instanceof UploadRejection) return rejected(error);
    throw error;
  }
  return storeCollected(db, collected, user, { checkForDuplicates, fileName, dryRun, mailer });
}

/** One row of POST /api/upload/rows: the file's row number and its cells by header. */
export interface UploadRow {
  rowNumber: number;
  values: Record<string, string>;
}

/**
 * The rows of a file as JSON (repair in place, decisions.md section 14): read as a sheet whose header
 * is the headers the rows name (in the order they first appear), each row under its own number, then
 * checked and stored exactly as a file is.
 */
export async function importRows(
  db: Db,
  rows: readonly UploadRow[],
  user: SessionUser,
  options: { checkForDuplicates: boolean; fileName: string; dryRun?: boolean; mailer?: Mailer },
): Promise<UploadResult> {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const header of Object.keys(row.values))
      if (!seen.has(header)) {
        seen.add(header);
        headers.push(header);
      }
  let collected: CollectedBookings;
  try {
    const collector = new BookingRowCollector(user);
    collector.accept({ rowNumber: 1, cells: headers });
    for (const row of rows)
      collector.accept({
        rowNumber: row.rowNumber,
        cells: headers.map((h) => (Object.hasOwn(row.values, h) ? row.values[h]! : '')),
      });
    collected = collector.finish();
  } catch (error) {
    if (error instanceof UploadRejection) return rejected(error);
    throw error;
  }
  return storeCollected(db, collected, user, options);
}

/** Checks the candidates and stores them in one transaction as a batch, or nothing. */
async function storeCollected(
  db: Db,
  collected: CollectedBookings,
  user: SessionUser,
  {
    checkForDuplicates,
    fileName,
    dryRun = false,
    mailer,
  }: { checkForDuplicates: boolean; fileName: string; dryRun?: boolean; mailer?: Mailer },
): Promise<UploadResult> {
  const { candidates, rowNumbers } = collected;

  const result = await db.transaction(async (tx) => {
    // The creditors' locks make check and insert one step: a parallel upload or save of the same
    // bookings waits and then sees these rows as possible duplicates.
    const validation = await validateBookingsForWrite(tx, candidates, {
      checkForDuplicates,
      user,
      rowNumbers,
    });
    const { errors, warnings } = withRowNumbers(collected, validation);
    // checkForDuplicates=false is the answer to the warnings ("Warnungen ignorieren"): all of them.
    if (checkForDuplicates) warnings.unshift(...fileWarnings(collected));
    // A dry run (dryRun=true) answers what the upload would say, and stores nothing.
    if (dryRun || errors.length > 0 || warnings.length > 0) {
      // Every message: the downloadable report must be complete (a row has at most one message per
      // column, so 100,000 rows bound the answer); the screen shows the first ones.
      return { errors, warnings, count: 0 };
    }
    const uploadBatchId = await insertUploadBatch(tx, { createdBy: user.emailAddress, fileName });
    let count = 0;
    for (let start = 0; start < candidates.length; start += INSERT_BATCH) {
      const batch = candidates.slice(start, start + INSERT_BATCH).map((c) => toNewBookingRow(c, user));
      const ids = await insertBookings(tx, batch, { uploadBatchId });
      // One audit entry per stored booking, in the upload's transaction: undone with it if it fails.
      await recordCreated(tx, user, 'booking', ids);
      count += ids.length;
    }
    await finishUploadBatch(tx, uploadBatchId);
    if (mailer) await queueUploadReceipt(tx, mailer, user, uploadBatchId, fileName);
    return { errors: [], warnings: [], count };
  });
  await afterWritingBookings(db.$client, result.count);
  return result;
}

/** The file's rows as booking candidates; an unreadable file is an UploadRejection. */
export async function readBookings(file: Buffer, user: SessionUser): Promise<CollectedBookings> {
  const kind = detectFileKind(file);
  const collector = new BookingRowCollector(user, { csv: kind === 'csv' });
  if (kind === 'csv') {
    readCsvRows(file, collector);
    return collector.finish();
  }
  const sheets = await (kind === 'ods' ? readOdsRows : readXlsxRows)(file, collector);
  return { ...collector.finish(), sheets };
}

/** Warnings about the file as a whole, before those of its rows. */
function fileWarnings({ sheets }: CollectedBookings): ValidationMessage[] {
  if (!sheets || sheets.otherBookingSheets.length === 0) return [];
  return [
    { property: '', message: UPLOAD_MESSAGES.otherBookingSheets(sheets.read, sheets.otherBookingSheets) },
  ];
}

function rejected(rejection: UploadRejection): UploadResult {
  const error: ValidationMessage = { property: '', message: rejection.message };
  if (rejection.rowNumber !== undefined) error.rowNumber = rejection.rowNumber;
  return { errors: [error], warnings: [], count: 0 };
}

/**
 * All messages in row order, each with its row number. A cell that is not even a number already
 * has its message; the validation's message on the same field ("required") is left out.
 */
function withRowNumbers(
  { rowNumbers, cellErrors }: CollectedBookings,
  validation: BookingValidation,
): { errors: ValidationMessage[]; warnings: ValidationMessage[] } {
  const errors: ValidationMessage[] = [];
  const warnings: ValidationMessage[] = [];
  rowNumbers.forEach((rowNumber, index) => {
    const own = cellErrors[index] ?? [];
    const covered = new Set(own.map((m) => m.property));
    errors.push(...own);
    for (const m of validation.errors[index] ?? []) {
      const property = uploadMessageProperty(m.property);
      if (!covered.has(property)) errors.push({ property, message: m.message, rowNumber });
    }
    for (const m of validation.warnings[index] ?? []) {
      warnings.push({ property: uploadMessageProperty(m.property), message: m.message, rowNumber });
    }
  });
  return { errors, warnings };
}
