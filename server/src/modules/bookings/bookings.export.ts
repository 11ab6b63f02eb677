// CSV export of bookings (decisions.md section 6, docs/decisions/0018). One database transaction: a
// cursor, declared first, holds the file's rows in the list's order as they were when the export
// began; they are read in chunks (small at first, so that the first bytes leave within a fraction of
// a second even when every row is to be marked, then larger). Each chunk's not yet exported rows are
// locked, then marked (export date now(), the same for the whole export) and every delivered row is
// audited in one statement, before the chunk's lines are written; the next chunk is read while one is
// being sent. So memory holds the lines of about two chunks, and nothing waits for the whole selection
// to be marked. The transaction commits once the whole file has been written and before the response
// ends: an aborted download or a failing stream rolls back, so no booking is marked that is not in a
// delivered file. Every export is a batch (export_batches, decisions.md section 11): the bytes sent
// are gzip-compressed while they stream and stored with the batch in the same transaction, so the file
// can be delivered again byte for byte (docs/decisions/0012).
import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { CSV_BOM, csvCell, toCsv } from '@lp/domain/csv';
import { FILE_NAMES } from '@lp/domain/file-names';
import { formatDate, formatLocalDate } from '@lp/domain/dates';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { CONTENT_TYPES, contentDisposition } from '../../lib/download';
import type { AuditActor } from '../audit/audit.recorder';
import { CentSum } from '../../lib/decimal-sum';
import { neutraliseFormula } from '../../lib/spreadsheet-cells';
import { finishExportBatch, insertExportBatch } from '../exports/exports.repository';
import type { BookingRow } from './bookings.repository';
import {
  declareExportCursor,
  fetchChunk,
  lockChunk,
  markChunk,
  type ExportedRow,
} from './bookings.export-sql';

const dialect = new PgDialect();
/** Positions in ExportedRow. */
const ID = 0;
const INVOICE_DATE = 1;
const NET = 8;
const CREATION_DATE = 12;
const EXPORT_DATE = 14;

/**
 * Rows per chunk: `first`, then doubling up to `max`. Marking costs about 0.2 ms a row (a new version
 * in each of the table's 23 indexes), so a first chunk of 500 rows leaves within a fraction of a
 * second. Later chunks of 2,000 rows: 1,000 cost more statements (a million rows took ~10 % more
 * CPU), 4,000 were no faster and held more memory (docs/decisions/0018).
 */
export interface ChunkRows {
  first: number;
  max: number;
}
const CHUNK_ROWS: ChunkRows = { first: 500, max: 2_000 };

type ExportRecord = Record<keyof typeof BOOKING_EXPORT_COLUMNS, string>;
const COLUMN_KEYS = Object.keys(BOOKING_EXPORT_COLUMNS) as (keyof ExportRecord)[];
/** The header line in the download dialect (domain/src/csv.ts): BOM, ';' and CRLF. */
const HEADER = `${CSV_BOM}${Object.values(BOOKING_EXPORT_COLUMNS).map(csvCell).join(';')}\r\n`;

/** How the export's dates are written: dd.MM.yyyy, the timestamps as their German day. */
interface DateFormats {
  day: (isoDay: string) => string;
  localDay: (isoInstant: string | null) => string;
}

/**
 * A booking's cells in the file's column order: German dates and decimal comma, not yet guarded
 * against formulas. ExportedRow holds the cells' sources in that order after the id, so each cell is
 * its source but for the dates, the net and an empty additional information.
 */
function exportCells(row: ExportedRow, dates: DateFormats): string[] {
  const cells = row.slice(1).map((value) => value ?? '') as string[];
  cells[INVOICE_DATE - 1] = dates.day(row[INVOICE_DATE]);
  cells[NET - 1] = row[NET].replace('.', ',');
  cells[CREATION_DATE - 1] = dates.localDay(row[CREATION_DATE]);
  cells[EXPORT_DATE - 1] = dates.localDay(row[EXPORT_DATE]);
  return cells;
}

/** One CSV record: German dates and decimal comma, every cell safe against formula injection. */
export function toExportRecord(row: BookingRow): ExportRecord {
  const cells = exportCells(
    [
      row.id,
      row.invoiceDate,
      row.invoiceNumber,
      String(row.debitorNumber),
      row.debitorName,
      row.deliveryLocation,
      String(row.articleNumber),
      row.articleName,
      row.net,
      row.additionalInformation,
      String(row.creditorNumber),
      row.creditorName,
      row.creationDate,
      row.creationUserEmailAddress,
      row.exportDate,
    ],
    { day: formatDate, localDay: formatLocalDate },
  );
  return Object.fromEntries(COLUMN_KEYS.map((key, i) => [key, neutraliseFormula(cells[i]!)])) as ExportRecord;
}

/**
 * The whole file of `rows`, as the export writes it (the same cells and dialect, domain's toCsv), for
 * files built without the database, such as the demo's export batches.
 */
export function bookingsCsv(rows: BookingRow[]): string {
  return toCsv([
    Object.values(BOOKING_EXPORT_COLUMNS),
    ...rows.map((row) => Object.values(toExportRecord(row))),
  ]);
}

/** A booking's line of the file: each cell guarded and, where needed, quoted (csvCell). */
function csvLine(row: ExportedRow, dates: DateFormats): string {
  const cells = exportCells(row, dates);
  let line = csvCell(cells[0]!);
  for (let i = 1; i < cells.length; i += 1) line += `;${csvCell(cells[i]!)}`;
  return `${line}\r\n`;
}

/**
 * The date formats of one export, remembered: Intl's formatting of a German day costs ~9 µs, and each
 * row has two timestamps. An instant (ISO 8601 in UTC, '…Z') is remembered per UTC hour: German time
 * is UTC plus whole hours and changes its offset only on the hour, so all instants of one UTC hour
 * fall on the same German day.
 */
function rememberedDateFormats(): DateFormats {
  const remembered = (format: (value: string) => string) => {
    const known = new Map<string, string>();
    return (value: string, key: string) => {
      let text = known.get(key);
      if (text === undefined) {
        text = format(value);
        if (known.size >= 100_000) known.clear();
        known.set(key, text);
      }
      return text;
    };
  };
  const day = remembered(formatDate);
  const localDay = remembered(formatLocalDate);
  return {
    day: (isoDay) => day(isoDay, isoDay),
    localDay: (instant) =>
      instant === null || instant.length !== 24 || !instant.endsWith('Z')
        ? formatLocalDate(instant)
        : localDay(instant, instant.slice(0, 13)),
  };
}

/** Who exported, and under which name the file was delivered (export_batches). */
export interface ExportBatchInfo {
  createdBy: string;
  fileName: string;
}

/**
 * Marks and writes the bookings matching `where` as CSV into `destination`, stores the export batch
 * with the compressed file, commits the marking (with the audit entries of `actor`'s export), then
 * ends `destination`; resolves with the number of rows. `chunkRows`: how many rows a chunk reads.
 */
export async function writeBookingsCsv(
  pool: pg.Pool,
  where: SQL,
  orderBy: SQL,
  actor: AuditActor,
  destination: Writable,
  batch: ExportBatchInfo,
  { chunkRows = CHUNK_ROWS }: { chunkRows?: ChunkRows } = {},
): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  const netSum = new CentSum();
  const compressed = compressedCopy();
  // One statement at a time on the connection. After a failure no statement may follow the rollback
  // (outside the transaction a marking statement would commit on its own), and the rollback waits
  // for the one still running.
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const run = async <T extends unknown[]>(statement: SQL): Promise<T[]> => {
    if (stopped) throw new Error('the export has stopped');
    const query = dialect.sqlToQuery(statement);
    const result = client.query<T>({ text: query.sql, values: query.params, rowMode: 'array' });
    running = result.catch(() => undefined);
    return (await result).rows;
  };
  try {
    await client.query('begin');
    const batchId = await insertExportBatch(client, batch.createdBy, batch.fileName);
    for (const statement of declareExportCursor(where, orderBy)) await run(statement);

    const dates = rememberedDateFormats();
    /** A delivered row's line, counted. */
    const deliver = (row: ExportedRow) => {
      count += 1;
      netSum.add(row[NET]);
      return csvLine(row, dates);
    };
    /**
     * The cursor's next `rows` rows, locked, marked and audited, as the file's lines; undefined after
     * the last. The rows exported before are formatted while PostgreSQL marks and audits the chunk, and
     * only the lines wait for the caller: rows die young, which keeps the heap small.
     */
    const readChunk = async (rows: number): Promise<Buffer | undefined> => {
      const fetched = await run<ExportedRow>(fetchChunk(rows));
      if (fetched.length === 0) return undefined;
      const open: number[] = [];
      const exported: number[] = [];
      for (const row of fetched) (row[EXPORT_DATE] === null ? open : exported).push(row[ID]);
      const locked =
        open.length === 0 ? [] : (await run<[number]>(lockChunk(open, where))).map((row) => row[ID]);
      const marking = run<ExportedRow>(
        markChunk({ open, locked, exported }, where, batchId, actor.emailAddress),
      );
      marking.catch(() => undefined); // awaited below, after the formatting
      const lines = fetched.map((row) => (row[EXPORT_DATE] === null ? row[ID] : deliver(row)));
      // The open rows as they are now (marked, or left out when they no longer belong to the file),
      // in the cursor's order.
      const current = new Map((await marking).map((row) => [row[ID], row]));
      let text = '';
      for (const line of lines) {
        if (typeof line === 'string') text += line;
        else {
          const row = current.get(line);
          if (row) text += deliver(row);
        }
      }
      return Buffer.from(text);
    };

    async function* csvChunks(): AsyncGenerator<Buffer> {
      // The header leaves with the first rows: a failure before them still answers 500.
      let header: Buffer | undefined = Buffer.from(HEADER);
      for await (const lines of readAhead(readChunk, chunkRows)) {
        if (header) yield header;
        header = undefined;
        yield lines;
      }
      if (header) yield header;
    }
    // Every byte goes to the destination, but the response is ended only after the commit: a client
    // that receives a complete file finds the rows marked, and a failed commit leaves it a broken
    // download rather than a complete file of unmarked rows.
    await pipeline(csvChunks(), compressed.tee, destination, { end: false });
    const file = await compressed.finish();
    await finishExportBatch(client, batchId, { count, netSum: netSum.toString(), file });
    await client.query('commit');
    client.release();
    await new Promise<void>((resolve) => destination.end(resolve));
    return count;
  } catch (error) {
    stopped = true;
    compressed.abort();
    await running;
    await client.query('rollback').catch(() => undefined);
    // Never hand a connection back to the pool after a failure of unknown kind.
    client.release(true);
    throw error;
  }
}

/**
 * The chunks of `read` (undefined after the last), `first` rows and then doubling up to `max`. The next
 * chunk is read while the caller writes one, so PostgreSQL works while Node formats and sends; one
 * chunk at a time, so the connection never has two statements queued.
 */
async function* readAhead<Chunk>(
  read: (rows: number) => Promise<Chunk | undefined>,
  { first, max }: ChunkRows,
): AsyncGenerator<Chunk> {
  let rows = first;
  let next = read(rows);
  for (;;) {
    const chunk = await next;
    if (chunk === undefined) return;
    rows = Math.min(rows * 2, max);
    next = read(rows);
    // Awaited in the next round; when the caller stops first, nobody awaits it, and its failure (the
    // export has stopped) must not count as unhandled.
    next.catch(() => undefined);
    yield chunk;
  }
}

/**
 * A pass-through (`tee`) that also feeds every chunk into gzip; `finish` resolves with the compressed
 * bytes of everything that passed. It waits for gzip when gzip is behind, so memory holds only the
 * compressed file (~19 MB for a million rows), in one buffer that grows by a quarter when full: gzip's
 * parts joined at the end would be held twice just when the file is stored.
 */
function compressedCopy() {
  const gzip = zlib.createGzip();
  let file = Buffer.allocUnsafe(1 << 20);
  let length = 0;
  gzip.on('data', (part: Buffer) => {
    if (length + part.length > file.length) {
      const grown = Buffer.allocUnsafe(Math.max(Math.ceil(file.length * 1.25), length + part.length));
      file.copy(grown, 0, 0, length);
      file = grown;
    }
    part.copy(file, length);
    length += part.length;
  });
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
      return file.subarray(0, length);
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
