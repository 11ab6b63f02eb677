// CSV export of bookings (decisions.md section 6). Rows stream from a cursor through the CSV writer
// into the response, so memory stays flat. Marking (export date) and reading happen in one statement
// of one database transaction that commits once the whole file has been written and before the
// response ends: an aborted download or a failing stream rolls back, so no booking is marked that is
// not in a delivered file. Every export is a batch (export_batches, decisions.md section 11): the bytes
// sent are gzip-compressed while they stream and stored with the batch in the same transaction, so the
// file can be delivered again byte for byte (docs/decisions/0012).
import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { FILE_NAMES } from '@lp/domain/file-names';
import { formatDate, formatLocalDate } from '@lp/domain/dates';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { CONTENT_TYPES, contentDisposition } from '../../lib/download';
import type { AuditActor } from '../audit/audit.recorder';
import { CentSum } from '../../lib/decimal-sum';
import { CSV_DIALECT, neutraliseFormula } from '../../lib/spreadsheet-cells';
import { finishExportBatch, insertExportBatch } from '../exports/exports.repository';
import { exportStatement, type BookingRow } from './bookings.repository';

const dialect = new PgDialect();
const BATCH_SIZE = 500;

type ExportRecord = Record<keyof typeof BOOKING_EXPORT_COLUMNS, string>;

/** One CSV record: German dates and decimal comma, every cell safe against formula injection. */
export function toExportRecord(row: BookingRow): ExportRecord {
  const record: ExportRecord = {
    invoiceDate: formatDate(row.invoiceDate),
    invoiceNumber: row.invoiceNumber,
    debitorNumber: String(row.debitorNumber),
    debitorName: row.debitorName,
    deliveryLocation: row.deliveryLocation,
    articleNumber: String(row.articleNumber),
    articleName: row.articleName,
    net: row.net.replace('.', ','),
    additionalInformation: row.additionalInformation ?? '',
    creditorNumber: String(row.creditorNumber),
    creditorName: row.creditorName,
    creationDate: formatLocalDate(row.creationDate),
    creationUserEmailAddress: row.creationUserEmailAddress,
    exportDate: formatLocalDate(row.exportDate),
  };
  for (const key of Object.keys(record) as (keyof ExportRecord)[])
    record[key] = neutraliseFormula(record[key]);
  return record;
}

/** Who exported, and under which name the file was delivered (export_batches). */
export interface ExportBatchInfo {
  createdBy: string;
  fileName: string;
}

/**
 * Marks and writes the bookings matching `where` as CSV into `destination`, stores the export batch
 * with the compressed file, commits the marking (with the audit entries of `actor`'s export), then
 * ends `destination`; resolves with the number of rows.
 */
export async function writeBookingsCsv(
  pool: pg.Pool,
  where: SQL,
  orderBy: SQL,
  actor: AuditActor,
  destination: Writable,
  batch: ExportBatchInfo,
): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  const netSum = new CentSum();
  const compressed = compressedCopy();
  try {
    await client.query('begin');
    const batchId = await insertExportBatch(client, batch.createdBy, batch.fileName);
    const query = dialect.sqlToQuery(exportStatement(where, orderBy, batchId, actor.emailAddress));
    const rows = client.query(new QueryStream(query.sql, query.params, { batchSize: BATCH_SIZE }));
    const toRecords = new Transform({
      objectMode: true,
      transform(row: BookingRow, _encoding, callback) {
        count += 1;
        netSum.add(row.net);
        callback(null, toExportRecord(row));
      },
    });
    const csv = stringify({
      ...CSV_DIALECT,
      header: true,
      columns: Object.entries(BOOKING_EXPORT_COLUMNS).map(([key, header]) => ({ key, header })),
    });
    // Every byte goes to the destination, but the response is ended only after the commit: a client
    // that receives a complete file finds the rows marked, and a failed commit leaves it a broken
    // download rather than a complete file of unmarked rows.
    await pipeline(rows, toRecords, csv, compressed.tee, destination, { end: false });
    const file = await compressed.finish();
    await finishExportBatch(client, batchId, { count, netSum: netSum.toString(), file });
    await client.query('commit');
    client.release();
    await new Promise<void>((resolve) => destination.end(resolve));
    return count;
  } catch (error) {
    compressed.abort();
    await client.query('rollback').catch(() => undefined);
    // The connection may be mid-protocol after a destroyed cursor: never hand it back to the pool.
    client.release(true);
    throw error;
  }
}

/**
 * A pass-through (`tee`) that also feeds every chunk into gzip; `finish` resolves with the compressed
 * bytes of everything that passed. It waits for gzip when gzip is behind, so memory holds only the
 * compressed file.
 */
function compressedCopy() {
  const gzip = zlib.createGzip();
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (gzip.write(chunk)) callback(null, chunk);
      else gzip.once('drain', () => callback(null, chunk));
    },
  });
  return {
    tee,
    async finish(): Promise<Buffer> {
      const ended = once(gzip, 'end');
      gzip.end();
      await ended;
      return Buffer.concat(parts);
    },
    abort: () => gzip.destroy(),
  };
}

/**
 * Streams an export (`write`, e.g. the service's exportBookings) as the download Buchungen.csv,
 * bypassing Fastify's serialisation.
 */
export async function sendBookingsCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (destination: Writable) => Promise<number>,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  // Security headers set by earlier hooks, then the download's own; sent with the first bytes.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.setHeader('content-type', CONTENT_TYPES.csv);
  res.setHeader('content-disposition', contentDisposition(FILE_NAMES.bookings));
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-request-id', request.id);
  try {
    const rows = await write(res);
    request.log.info({ rows }, 'bookings exported');
  } catch (error) {
    request.log.error({ err: error }, 'bookings export failed; nothing was marked');
    if (!res.headersSent && !res.destroyed) {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.removeHeader('content-disposition');
      res.end(JSON.stringify({ errors: [{ property: '', message: MESSAGES.serverError }] }));
    } else {
      res.destroy();
    }
  }
}
