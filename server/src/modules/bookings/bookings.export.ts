// CSV export of bookings (decisions.md section 6, docs/decisions/0018 and 0019). One database
// transaction marks the bookings and records the export; PostgreSQL writes the rows itself (COPY, CSV)
// on a second connection that reads under the transaction's snapshot, so the file holds the rows as
// they were when the export began, in the list's order. The records are taken in chunks (small at
// first, so that the first bytes leave within a fraction of a second even when every row is to be
// marked, then larger); each chunk's not yet exported rows are locked, then marked (export date now(),
// the same for the whole export) and copied out again as they are now, in one statement, before the
// chunk's lines are written; the next chunk is read while one is being marked. So memory holds the
// lines of a few chunks (and the delivered ids, 4 bytes each, whose audit entries are written at the
// end: decision 0033), and nothing waits for the whole selection to be marked. The transaction
// commits once the whole file has been written and before the response ends: an aborted download or a
// failing stream rolls back, so no booking is marked that is not in a delivered file. Every export is a
// batch (export_batches, decisions.md section 11): the bytes sent are gzip-compressed while they stream
// and stored with the batch in the same transaction, so the file can be delivered again byte for byte
// (docs/decisions/0012).
import { once } from 'node:events';
import { Transform, type Readable, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { CSV_BOM, csvCell, toCsv } from '@lp/domain/csv';
import { FILE_NAMES } from '@lp/domain/file-names';
import { formatDate, formatLocalDate } from '@lp/domain/dates';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { copyToStdout } from '../../db/copy-to-stdout';
import { acceptsGzip, storedGzipHeaders } from '../../http/compression';
import { errorBody } from '../../http/app-error';
import { CONTENT_TYPES, contentDisposition } from '../../lib/download';
import type { AuditActor } from '../audit/audit.recorder';
import { CentSum } from '../../lib/decimal-sum';
import { neutraliseFormula } from '../../lib/spreadsheet-cells';
import {
  appendExportFile,
  finishExportBatch,
  insertExportBatch,
  openExportFile,
} from '../exports/exports.repository';
import type { BookingRow } from './bookings.repository';
import { ExportAudit } from './bookings.export-audit';
import { exportCopy, importSnapshot, lockChunk, markChunk } from './bookings.export-sql';
import { CurrentLines, ExportLines, scanCopyRecords } from './bookings.export-lines';
import { compactExportedMonthTotals } from './bookings.exported-totals';
import { afterWritingBookings } from './bookings.after-write';

const dialect = new PgDialect();
const NOTHING_MARKED = new CurrentLines();

/**
 * Rows per chunk: `first`, then doubling up to `max`. Marking costs about 0.2 ms a row (a new version
 * in each of the table's 24 indexes), so a first chunk of 500 rows leaves within a fraction of a
 * second. Later chunks of 2,000 rows: 1,000 cost more statements (a million rows took ~10 % more
 * CPU), 4,000 were no faster and held more memory (docs/decisions/0018).
 */
export interface ChunkRows {
  first: number;
  max: number;
}
const CHUNK_ROWS: ChunkRows = { first: 500, max: 2_000 };
/**
 * Ids per row of the export's audit entries (bookings.export-audit.ts): a booking's history reads the
 * ids of each row whose span holds its id, 80 kB at most.
 */
const AUDIT_ROWS = 20_000;
/**
 * gzip's fastest level for the stored copy: a million rows compress to 21–32 MB instead of 18–25 MB at
 * the default level 6, for ~0.8 s less CPU, which the export shares with PostgreSQL on the same cores
 * (docs/decisions/0019).
 */
const STORED_FILE_GZIP_LEVEL = 1;
/** The compressed file goes to the database in parts of about this size (a million rows: ~20 parts). */
const FILE_PART_BYTES = 1 << 20;

type ExportRecord = Record<keyof typeof BOOKING_EXPORT_COLUMNS, string>;
const COLUMN_KEYS = Object.keys(BOOKING_EXPORT_COLUMNS) as (keyof ExportRecord)[];
/** The header line in the download dialect (domain/src/csv.ts): BOM, ';' and CRLF. */
const HEADER = `${CSV_BOM}${Object.values(BOOKING_EXPORT_COLUMNS).map(csvCell).join(';')}\r\n`;

/**
 * One CSV record of a booking as the export writes it (PostgreSQL formats the export's own rows the
 * same way: bookings.export-sql.ts exportRecord): German dates and decimal comma, every cell safe
 * against formula injection.
 */
export function toExportRecord(row: BookingRow): ExportRecord {
  const cells = [
    formatDate(row.invoiceDate),
    row.invoiceNumber,
    String(row.debitorNumber),
    row.debitorName,
    row.deliveryLocation,
    String(row.articleNumber),
    row.articleName,
    row.net.replace('.', ','),
    row.additionalInformation ?? '',
    String(row.creditorNumber),
    row.creditorName,
    formatLocalDate(row.creationDate),
    row.creationUserEmailAddress,
    formatLocalDate(row.exportDate),
  ];
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

/** Who exported, and under which name the file was delivered (export_batches). */
export interface ExportBatchInfo {
  createdBy: string;
  fileName: string;
}

/**
 * Marks and writes the bookings matching `where` as CSV into `destination`, stores the export batch
 * with the compressed file, commits the marking (with the audit entries of `actor`'s export), then
 * ends `destination`; resolves with the number of rows. `chunkRows`: how many records a chunk takes;
 * `auditRows`: how many ids a row of the export's audit entries holds at most; `encoding`:
 * 'gzip' writes the stored file's gzip stream into `destination` (for a client that accepts it).
 * Uses two connections: one of `pool` for the transaction, and one of its own that copies the rows.
 */
export async function writeBookingsCsv(
  pool: pg.Pool,
  where: SQL,
  orderBy: SQL,
  actor: AuditActor,
  destination: Writable,
  batch: ExportBatchInfo,
  {
    chunkRows = CHUNK_ROWS,
    auditRows = AUDIT_ROWS,
    encoding = 'identity',
  }: { chunkRows?: ChunkRows; auditRows?: number; encoding?: ExportEncoding } = {},
): Promise<number> {
  const client = await pool.connect();
  // Not from the pool: an export holding one pooled connection while it waits for a second could
  // wait forever once every pooled connection is held by an export.
  const copier = new pg.Client(pool.options);
  copier.on('error', () => undefined); // a lost connection fails its COPY, which rolls back
  let count = 0;
  const netSum = new CentSum();
  const compressed = storedFile(encoding);
  // The transaction's statements run one at a time, in the order they are asked for; the stream waits
  // only for those whose answer it needs (the marking of a chunk with open rows), the others (audit
  // entries of rows exported before, parts of the stored file) run while it goes on. After a failure
  // no statement may follow (outside the transaction a marking statement would commit on its own):
  // the connection is closed, which also ends the one still running.
  let stopped = false;
  let failure: unknown;
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(statement: () => Promise<T>): Promise<T> => {
    const result = queue.then(() => {
      if (stopped || failure !== undefined) throw new Error('the export has stopped');
      return statement();
    });
    queue = result.catch((error: unknown) => {
      failure ??= error;
    });
    return result;
  };
  const query = (statement: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return enqueue(() => client.query<[number]>({ text, values: params, rowMode: 'array' }));
  };
  const copied = (text: string) => enqueue(() => readAll(client.query(copyToStdout(text))));
  let fileParts = 0;
  /** Stores what gzip has compressed so far, once there is at least `least` of it. */
  const storeCompressed = (least: number) => {
    const part = compressed.take(least);
    if (!part) return;
    fileParts += 1;
    const n = fileParts;
    void enqueue(() => appendExportFile(client, n, part)).catch(() => undefined);
  };
  try {
    await client.query('begin');
    const batchId = await insertExportBatch(client, batch.createdBy, batch.fileName);
    await openExportFile(client);
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    await copier.connect();
    for (const statement of importSnapshot(rows[0]!.snapshot)) await copier.query(statement);
    const records = copier.query(copyToStdout(exportCopy(where, orderBy)));

    /** The ids the file delivers, for the audit entries written at the end. */
    const audit = new ExportAudit(actor.emailAddress, batchId, auditRows);
    /**
     * A chunk's bytes of the file. Its open rows are locked and marked before; those still delivered
     * come back from the marking statement as they are now.
     */
    const settle = async (lines: ExportLines): Promise<Buffer> => {
      if (failure !== undefined) throw failure;
      storeCompressed(FILE_PART_BYTES);
      audit.addExportedBefore(lines.delivered);
      if (lines.open.length === 0) {
        const bytes = lines.file(NOTHING_MARKED);
        count += lines.count;
        return bytes;
      }
      const locked = (await query(lockChunk(lines.open, where))).rows.map((row) => row[0]);
      const current = new CurrentLines();
      scanCopyRecords(
        await copied(markChunk({ open: lines.open, locked }, where, batchId)),
        0,
        current,
        Infinity,
      );
      // The open rows still delivered: marked by this export if it locked them, else exported by
      // another one meanwhile.
      const lockedIds = new Set(locked);
      const delivered = [...current.lines.keys()];
      audit.addMarked(delivered.filter((id) => lockedIds.has(id)));
      audit.addExportedBefore(delivered.filter((id) => !lockedIds.has(id)));
      const bytes = lines.file(current);
      count += lines.count;
      return bytes;
    };

    async function* fileChunks(): AsyncGenerator<Buffer> {
      // The header leaves with the first rows: a failure before them still answers 500.
      let header: Buffer | undefined = Buffer.from(HEADER);
      // One chunk is marked while the next is read; the statements of one chunk follow those of the
      // one before, so the connection never has two queued.
      let settling: Promise<Buffer> | undefined;
      for await (const lines of chunksOf(records, chunkRows, netSum)) {
        if (settling) {
          const bytes = await settling;
          if (header) yield header;
          header = undefined;
          yield bytes;
        }
        settling = settle(lines);
        // Awaited in the next round; when the caller stops first, nobody awaits it, and its failure
        // (the export has stopped) must not count as unhandled.
        settling.catch(() => undefined);
      }
      if (header) yield header;
      if (settling) yield await settling;
    }
    // Every byte goes to the destination, but the response is ended only after the commit: a client
    // that receives a complete file finds the rows marked, and a failed commit leaves it a broken
    // download rather than a complete file of unmarked rows.
    await compressed.pipe(fileChunks(), destination);
    await compressed.finish();
    storeCompressed(1);
    // One at a time, so that only one row's ids are held in a statement at once (decision 0033).
    for (const statement of audit.statements()) await query(statement);
    await queue;
    if (failure !== undefined) throw failure;
    if (count === 0) {
      // Nothing delivered, nothing marked: no batch. The export list is for files to fetch again and
      // bookings to find by the export that marked them; an empty file is neither (a second click
      // on Exportieren, a filter that matches nothing). The client has its empty file all the same.
      await client.query('rollback');
    } else {
      await finishExportBatch(client, batchId, { count, netSum: netSum.toString() });
      await client.query('commit');
    }
    client.release();
    await copier.end();
    await new Promise<void>((resolve) => destination.end(resolve));
    // After the answer has ended: the marked bookings' clean-up, and their exported totals, which wait
    // in the batch's own rows.
    await afterWritingBookings(pool, count);
    await compactExportedMonthTotals(pool);
    return count;
  } catch (error) {
    stopped = true;
    compressed.abort();
    // Both connections are closed, not rolled back over: PostgreSQL rolls back the transaction of a
    // connection that closes, and nothing waits for a statement still running (pg closes a connection
    // with a statement running by destroying its socket). Waiting for it kept a download its client
    // had left open for as long as a chunk's statement took: a lock wait without end, or measured,
    // 20 s and more of a marking statement, with the response, the transaction's row locks and both
    // connections held meanwhile. A failure of unknown kind never goes back to the pool.
    client.release(true);
    await copier.end().catch(() => undefined);
    throw error;
  }
}

/** Every byte of a (small) stream, such as the COPY of one chunk's marked rows. */
async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The records of COPY's `stream`, taken in chunks of `first` records and then doubling up to `max`
 * (the last one smaller), each one's lines noted with ExportLines (which adds the nets to `netSum`
 * and writes the lines into the stream's buffers: copyToStdout's, which nobody else reads). Those
 * buffers hold whole records; one split between two of them would be joined here.
 */
async function* chunksOf(
  stream: Readable,
  { first, max }: ChunkRows,
  netSum: CentSum,
): AsyncGenerator<ExportLines> {
  let rows = first;
  let lines = new ExportLines(netSum);
  /** The start of a record whose end has not arrived yet. */
  let rest: Buffer | undefined;
  for await (const part of stream) {
    const data = rest ? Buffer.concat([rest, part as Buffer]) : (part as Buffer);
    let at = 0;
    for (;;) {
      at = scanCopyRecords(data, at, lines, rows - lines.records);
      if (lines.records < rows) break;
      yield lines;
      rows = Math.min(rows * 2, max);
      lines = new ExportLines(netSum);
    }
    rest = at < data.length ? data.subarray(at) : undefined;
  }
  if (rest) throw new Error('COPY ended inside a record');
  if (lines.records > 0) yield lines;
}

/**
 * How the file travels: as CSV, or as the gzip stream stored with the batch, to a client that accepts
 * gzip (a million rows: ~150 MB of CSV, 21–32 MB of gzip, compressed once for both).
 */
export type ExportEncoding = 'identity' | 'gzip';

/**
 * The file's gzip-compressed copy, made while the file streams: `pipe` sends the file's chunks into
 * the destination, as CSV (each chunk also fed into gzip) or as the gzip stream itself (each chunk
 * compressed and flushed at once, so the first rows leave without waiting for more); `take` hands out
 * what gzip has compressed so far (once there is at least `least` of it), `finish` waits until gzip
 * has compressed everything that passed. Gzip and the destination hold the stream back when they are
 * behind, so memory holds only the compressed bytes not yet taken.
 */
function storedFile(encoding: ExportEncoding) {
  let parts: Buffer[] = [];
  let length = 0;
  const keep = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const take = (least: number): Buffer | undefined => {
    if (length < least || length === 0) return undefined;
    const taken = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return taken;
  };
  if (encoding === 'gzip') {
    const gzip = zlib.createGzip({ level: STORED_FILE_GZIP_LEVEL, flush: zlib.constants.Z_SYNC_FLUSH });
    const kept = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        keep(chunk);
        callback(null, chunk);
      },
    });
    return {
      pipe: (file: AsyncIterable<Buffer>, destination: Writable) =>
        pipeline(file, gzip, kept, destination, { end: false }),
      take,
      // The pipeline ends gzip: its last bytes have passed `kept` when `pipe` resolves.
      finish: () => Promise.resolve(),
      abort: () => gzip.destroy(),
    };
  }
  const gzip = zlib.createGzip({ level: STORED_FILE_GZIP_LEVEL });
  gzip.on('data', keep);
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (gzip.write(chunk)) callback(null, chunk);
      else gzip.once('drain', () => callback(null, chunk));
    },
  });
  return {
    pipe: (file: AsyncIterable<Buffer>, destination: Writable) =>
      pipeline(file, tee, destination, { end: false }),
    take,
    async finish(): Promise<void> {
      const ended = once(gzip, 'end');
      gzip.end();
      await ended;
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
  write: (destination: Writable, encoding: ExportEncoding) => Promise<number>,
): Promise<void> {
  const encoding: ExportEncoding = acceptsGzip(request) ? 'gzip' : 'identity';
  reply.hijack();
  const res = reply.raw;
  // Security headers set by earlier hooks, then the download's own; sent with the first bytes.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.setHeader('content-type', CONTENT_TYPES.csv);
  res.setHeader('content-disposition', contentDisposition(FILE_NAMES.bookings));
  res.setHeader('cache-control', 'no-store');
  for (const [name, value] of Object.entries(storedGzipHeaders(encoding === 'gzip')))
    res.setHeader(name, value);
  res.setHeader('x-request-id', request.id);
  try {
    const rows = await write(res, encoding);
    request.log.info({ rows }, 'bookings exported');
  } catch (error) {
    request.log.error({ err: error }, 'bookings export failed; nothing was marked');
    if (!res.headersSent && !res.destroyed) {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.removeHeader('content-disposition');
      res.removeHeader('content-encoding');
      res.end(JSON.stringify(errorBody('SERVER_ERROR', MESSAGES.serverError)));
    } else {
      res.destroy();
    }
  }
}
