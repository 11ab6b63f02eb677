// Export batches (decisions.md section 11): the list and the file again. The batches themselves are
// written by the export (bookings.export.ts), in the transaction that marks the bookings.
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { ExportBatch } from '@lp/domain/entities';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { selectExportBatchFile, selectExportBatches } from './exports.repository';

const decompress = promisify(gunzip);

export async function listExportBatches(db: Db): Promise<ExportBatch[]> {
  const rows = await selectExportBatches(db);
  return rows.map((row) => ({ ...row, netSum: Number(row.netSum) }));
}

/**
 * The delivered file of a batch, exactly as it was sent: as CSV, or (`gzip`) as the gzip stream it is
 * stored as, for a client that accepts it.
 */
export async function getExportBatchFile(
  db: Db,
  id: number,
  { gzip }: { gzip: boolean },
): Promise<{ fileName: string; file: Buffer }> {
  const stored = await selectExportBatchFile(db, id);
  if (!stored) throw AppError.notFound();
  return { fileName: stored.fileName, file: gzip ? stored.file : await decompress(stored.file) };
}
