// The bookings export's lines from PostgreSQL's COPY records (bookings.export-sql.ts exportRecord: the
// id, then the file's 14 cells, CSV with ';', LF at the end). Most records are already the file's
// line but for the id in front and the line end: their bytes are copied as they come. A record
// PostgreSQL quoted (a cell with ';', '"', CR or LF, or an empty text) or with a cell that may be
// taken for a formula is decoded and written again cell by cell with domain's csvCell, the one rule of
// the download dialect; so the file is byte for byte what toCsv writes (bookings-export-format.test).
import { csvCell, neutraliseFormula, parseCsvRecords } from '@lp/domain/csv';
import type { CentSum } from '../../lib/decimal-sum';

const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const LF = 0x0a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const CR = 0x0d;
const CRLF = Buffer.from('\r\n');
/** The position of the net among a record's cells, the id being cell 0. */
const NET_CELL = 8;

/**
 * First bytes of a cell that neutraliseFormula may guard, derived from neutraliseFormula itself over
 * the whole Basic Multilingual Plane (so its look-alikes, NFKC-normalised, are never a list to keep
 * in step here): the ASCII signs, 0xE2 (the super- and subscript signs U+207A…, the minus U+2212),
 * 0xEF (the small and full-width signs U+FE62…, U+FF0B…). A cell beginning otherwise is never
 * guarded (the unit test checks every character); one beginning with a flagged byte is decoded and
 * checked. About 65,000 checks once at start, a few milliseconds.
 */
export const MAY_BE_GUARDED = (() => {
  const table = new Uint8Array(256);
  for (let code = 0; code <= 0xffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    if (neutraliseFormula(`${char}x`) !== `${char}x`) table[Buffer.from(char)[0]!] = 1;
  }
  return table;
})();

/**
 * A complete record of COPY's output as scanCopyRecords hands it on: where it lies in `data`. One
 * object per scan, filled again for every record (a million rows make no million objects).
 */
export interface CopyRecord {
  data: Buffer;
  /** `data[start, end)` is the record without its LF. */
  start: number;
  end: number;
  /** The ';' after the id. */
  idEnd: number;
  /** Its export date is empty: the row had none in the snapshot. */
  open: boolean;
  /** Its cells are the file's as they stand: nothing quoted, nothing to guard. */
  plain: boolean;
  /** The net cell is `data[netStart, netEnd)`. */
  netStart: number;
  netEnd: number;
}

/** Receives each complete record of scanCopyRecords. */
export interface RecordSink {
  record(record: CopyRecord): void;
}

/**
 * Hands the complete records of `data` from `from` on to `sink`, at most `limit` of them; returns
 * where the next record begins (data.length when none is left), for the caller to go on from there,
 * or to keep an incomplete record until more data arrives. A record without quotes (nearly all) ends
 * at the next LF, and its cells are found with indexOf, which searches natively; one with quotes is
 * read byte by byte (scanQuotedRecord), as a line break inside quotes does not end it.
 */
export function scanCopyRecords(data: Buffer, from: number, sink: RecordSink, limit: number): number {
  const length = data.length;
  const record: CopyRecord = {
    data,
    start: 0,
    end: 0,
    idEnd: 0,
    open: false,
    plain: true,
    netStart: 0,
    netEnd: 0,
  };
  let start = from;
  let nextQuote = data.indexOf(QUOTE, from);
  for (let scanned = 0; start < length && scanned < limit; scanned += 1) {
    const end = data.indexOf(LF, start);
    if (end === -1) return start;
    if (nextQuote !== -1 && nextQuote < start) nextQuote = data.indexOf(QUOTE, start);
    if (nextQuote !== -1 && nextQuote < end) {
      const quotedEnd = scanQuotedRecord(record, start, sink);
      if (quotedEnd === -1) return start;
      start = quotedEnd + 1;
      continue;
    }
    let plain = true;
    let cellStart = start;
    let idEnd = -1;
    let netStart = -1;
    let netEnd = -1;
    for (let cell = 0; ; cell += 1) {
      let next = data.indexOf(SEMICOLON, cellStart);
      if (next === -1 || next > end) next = end;
      if (cell === 0) idEnd = next;
      else if (cell === NET_CELL) {
        netStart = cellStart;
        netEnd = next;
      }
      if (next === end) break;
      cellStart = next + 1;
      // The net is PostgreSQL's numeric text, '-12,50' at most: a plain number, never guarded (3 % of
      // the bench's rows are credit notes, which were otherwise decoded and written again).
      if (MAY_BE_GUARDED[data[cellStart]!] === 1 && cell + 1 !== NET_CELL) plain = false;
    }
    record.start = start;
    record.end = end;
    record.idEnd = idEnd;
    record.open = cellStart === end;
    record.plain = plain;
    record.netStart = netStart;
    record.netEnd = netEnd;
    sink.record(record);
    start = end + 1;
  }
  return start;
}

/**
 * Reads the record at `start` of `record.data` byte by byte, tracking quotes, and hands it to `sink`
 * in `record` (never plain); returns the position of its LF, or -1 when the record is not complete.
 */
function scanQuotedRecord(record: CopyRecord, start: number, sink: RecordSink): number {
  const { data } = record;
  let quoted = false;
  let cell = 0;
  let cellStart = start;
  let idEnd = -1;
  let netStart = -1;
  let netEnd = -1;
  for (let i = start; i < data.length; i += 1) {
    const byte = data[i]!;
    if (byte === QUOTE) quoted = !quoted;
    else if (!quoted && (byte === SEMICOLON || byte === LF)) {
      if (cell === 0) idEnd = i;
      else if (cell === NET_CELL) {
        netStart = cellStart;
        netEnd = i;
      }
      if (byte === LF) {
        Object.assign(record, {
          start,
          end: i,
          idEnd,
          open: cellStart === i,
          plain: false,
          netStart,
          netEnd,
        });
        sink.record(record);
        return i;
      }
      cell += 1;
      cellStart = i + 1;
    }
  }
  return -1;
}

/**
 * The id in front of a record, read from its digits (ids are positive integers): a string per row
 * for `Number` was a million short-lived strings in a million-row export.
 */
function recordId(data: Buffer, start: number, end: number): number {
  let id = 0;
  for (let i = start; i < end; i += 1) id = id * 10 + (data[i]! - 0x30);
  return id;
}

/**
 * A plain net cell ('1234,50', '-12,50') as cents: numeric(12,2) always prints two decimals.
 */
function plainCents(data: Buffer, start: number, end: number): number {
  const negative = data[start] === MINUS;
  let cents = 0;
  for (let i = negative ? start + 1 : start; i < end; i += 1) {
    const byte = data[i]!;
    if (byte !== COMMA) cents = cents * 10 + (byte - 0x30);
  }
  return negative ? -cents : cents;
}

/** The file's line of a record that is not plain: decoded, and each cell written with csvCell. */
function rewrittenLine(data: Buffer, start: number, end: number): { line: string; net: string } {
  const cells = parseCsvRecords(data.toString('utf8', start, end))[0]!.slice(1);
  return { line: `${cells.map(csvCell).join(';')}\r\n`, net: cells[NET_CELL - 1]!.replace(',', '.') };
}

/**
 * The lines of one chunk of the export's records, in their order: `file` hands out the file's bytes
 * of the delivered records; an open record (no export date in the snapshot) is only noted by its id,
 * to be replaced by its line once the chunk is marked. Counts the delivered rows and adds their nets
 * to `netSum`.
 *
 * A plain record's line is written in place, over the records already read of the same buffer (the
 * line is shorter than its record: it lacks the id and its ';', and CRLF replaces LF), so the lines
 * of a million rows cost no copy into other buffers and no object per row. The buffers handed to
 * scanCopyRecords with an ExportLines are therefore written to: they must be the caller's own, and
 * the part of them already scanned is no longer the records it was.
 */
export class ExportLines implements RecordSink {
  /** Ids of the delivered records (exported before the snapshot), for the chunk's audit entries. */
  readonly delivered: number[] = [];
  /** Ids of the open records, in order. */
  readonly open: number[] = [];
  /** The file's bytes in order: runs of lines, and the ids of open records where their lines belong. */
  private readonly parts: (Buffer | number)[] = [];
  /** The run of plain lines being written: `runData[runStart, runEnd)`. */
  private runData: Buffer | undefined;
  private runStart = 0;
  private runEnd = 0;
  private cents = 0;
  /** The rows the chunk's file holds, once `file` has put it together. */
  count = 0;

  constructor(private readonly netSum: CentSum) {}

  /** Records seen, open ones included. */
  get records(): number {
    return this.delivered.length + this.open.length;
  }

  record({ data, start, end, idEnd, open, plain, netStart, netEnd }: CopyRecord): void {
    const id = recordId(data, start, idEnd);
    if (open) {
      this.endRun();
      this.parts.push(id);
      this.open.push(id);
      return;
    }
    this.delivered.push(id);
    if (plain) {
      // Below 2,000 nets of under 10^10 cents a chunk's sum stays a safe integer.
      this.cents += plainCents(data, netStart, netEnd);
      if (this.runData !== data) {
        this.endRun();
        this.runData = data;
        this.runStart = start;
        this.runEnd = start;
      }
      // The run ends at or before this record's start: the line moves to the front of its own bytes.
      data.copyWithin(this.runEnd, idEnd + 1, end);
      this.runEnd += end - idEnd - 1;
      data[this.runEnd] = CR;
      data[this.runEnd + 1] = LF;
      this.runEnd += 2;
    } else {
      this.endRun();
      const { line, net } = rewrittenLine(data, start, end);
      this.parts.push(Buffer.from(line));
      this.netSum.add(net);
    }
  }

  private endRun(): void {
    if (this.runData && this.runEnd > this.runStart)
      this.parts.push(this.runData.subarray(this.runStart, this.runEnd));
    this.runData = undefined;
  }

  /**
   * The chunk's bytes, each open record replaced by its line in `current` (the open records as they
   * are after marking), or left out when `current` has none: it no longer belongs to the file.
   */
  file(current: CurrentLines): Buffer {
    this.endRun();
    this.netSum.addCents(this.cents);
    this.cents = 0;
    this.count = this.delivered.length;
    if (this.parts.length === 1 && typeof this.parts[0] !== 'number') return this.parts[0]!;
    const bytes: Buffer[] = [];
    for (const part of this.parts) {
      if (typeof part !== 'number') bytes.push(part);
      else {
        const line = current.lines.get(part);
        if (line) {
          bytes.push(line);
          this.count += 1;
          this.netSum.add(current.nets.get(part)!);
        }
      }
    }
    // One buffer per chunk: the gzip stream flushes after every write (the rows leave at once), and
    // a flush per part cost CPU and compression.
    return Buffer.concat(bytes);
  }
}

/** The open records of a chunk as the marking statement copied them out: each one's line and net. */
export class CurrentLines implements RecordSink {
  readonly lines = new Map<number, Buffer>();
  readonly nets = new Map<number, string>();

  record({ data, start, end, idEnd, plain, netStart, netEnd }: CopyRecord): void {
    const id = recordId(data, start, idEnd);
    if (plain) {
      this.lines.set(id, Buffer.concat([data.subarray(idEnd + 1, end), CRLF]));
      this.nets.set(id, data.toString('latin1', netStart, netEnd).replace(',', '.'));
    } else {
      const { line, net } = rewrittenLine(data, start, end);
      this.lines.set(id, Buffer.from(line));
      this.nets.set(id, net);
    }
  }
}
