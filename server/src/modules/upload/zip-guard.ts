// Opens an xlsx (a zip) without trusting it: the central directory is checked before anything is
// inflated (entry count, declared sizes, compression ratio, encryption), and every inflated byte is
// counted while streaming, so a zip bomb or lying headers stop the read at the limit.
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  XLSX_MAX_CELLS,
  XLSX_MAX_RICH_TEXT_RUNS,
  XLSX_MAX_SHARED_STRINGS,
  XLSX_MAX_STYLE_ENTRIES,
} from '@lp/domain/limits';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { UploadRejection } from './upload-rejection';

const MB = 1024 * 1024;

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  /** Inflated bytes of the whole archive, declared and actually read. */
  maxTotalInflatedBytes: 200 * MB,
  /** Inflated bytes of one part (the shared strings are held in memory while the sheet is read). */
  maxEntryInflatedBytes: 100 * MB,
  /** Deflate reaches about 1:1000 on zeros; real sheets compress 1:5 to 1:50. */
  maxCompressionRatio: 200,
  /** Small parts may compress as they like. */
  ratioCheckAboveBytes: 1 * MB,
  /** Cells of the worksheet read (<c> elements). */
  maxCells: XLSX_MAX_CELLS,
  /** Entries of the shared-strings table (<si> elements): the reader keeps each one in memory. */
  maxSharedStrings: XLSX_MAX_SHARED_STRINGS,
  /** Rich-text runs (<r>) of the shared strings and of the worksheet's inline strings together. */
  maxRichTextRuns: XLSX_MAX_RICH_TEXT_RUNS,
  /** Entries of the styles part (fonts, fills, borders, formats): the reader walks them all. */
  maxStyleEntries: XLSX_MAX_STYLE_ENTRIES,
};

/** Excel's largest sheet is XFD1048576. */
const MAX_COLUMN = 16_384;

export type ZipLimits = typeof ZIP_LIMITS;

export class ZipLimitExceeded extends Error {}

export interface ZipArchive {
  has(name: string): boolean;
  names(): string[];
  /**
   * The inflated content of one part, counted against the limits; errors end the stream. A worksheet's
   * columns and cells, a shared-strings table's entries and the styles' entries are counted too,
   * before the reader's parser sees them.
   */
  open(
    name: string,
    options?: { worksheet?: boolean; sharedStrings?: boolean; styles?: boolean },
  ): Promise<Readable>;
  /** Ends every open stream with this error (used by the reader's deadline). */
  abort(error: Error): void;
  close(): void;
}

export async function openZip(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<ZipArchive> {
  const zipfile = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(corrupt()) : resolve(zip)),
    ),
  );
  try {
    if (zipfile.entryCount > limits.maxEntries) throw tooLarge();
    const entries = await readCentralDirectory(zipfile, limits);
    return archive(zipfile, entries, limits);
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

function corrupt(): UploadRejection {
  return new UploadRejection(UPLOAD_MESSAGES.corruptXlsx);
}

function tooLarge(): UploadRejection {
  return new UploadRejection(UPLOAD_MESSAGES.xlsxTooLarge);
}

function readCentralDirectory(zipfile: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declaredTotal = 0;
    zipfile.on('error', () => reject(corrupt()));
    zipfile.on('end', () => resolve(entries));
    zipfile.on('entry', (entry: Entry) => {
      if (entry.isEncrypted()) return reject(new UploadRejection(UPLOAD_MESSAGES.encryptedFile));
      declaredTotal += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        declaredTotal > limits.maxTotalInflatedBytes ||
        entry.uncompressedSize > limits.maxEntryInflatedBytes ||
        (entry.uncompressedSize > limits.ratioCheckAboveBytes && ratio > limits.maxCompressionRatio)
      ) {
        return reject(tooLarge());
      }
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
      zipfile.readEntry();
    });
    zipfile.readEntry();
  });
}

function archive(zipfile: ZipFile, entries: Map<string, Entry>, limits: ZipLimits): ZipArchive {
  let inflatedTotal = 0;
  const open = new Set<Readable>();
  const runs = new RunCounter(limits.maxRichTextRuns);
  let aborted: Error | undefined;

  return {
    has: (name) => entries.has(name),
    names: () => [...entries.keys()],
    close: () => zipfile.close(),
    abort(error) {
      aborted = error;
      for (const stream of open) stream.destroy(error);
    },
    async open(name, options = {}) {
      if (aborted) throw aborted;
      const entry = entries.get(name);
      if (!entry) throw corrupt();
      const raw = await new Promise<Readable>((resolve, reject) =>
        zipfile.openReadStream(entry, (err, stream) =>
          err || !stream ? reject(corrupt()) : resolve(stream),
        ),
      );
      const scanner = options.worksheet
        ? new WorksheetScanner(limits.maxCells, runs)
        : options.sharedStrings
          ? new SharedStringsScanner(limits.maxSharedStrings, runs)
          : options.styles
            ? new StylesScanner(limits.maxStyleEntries)
            : undefined;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          inflatedTotal += chunk.length;
          if (inflatedTotal > limits.maxTotalInflatedBytes) return callback(new ZipLimitExceeded());
          try {
            scanner?.scan(chunk);
          } catch (error) {
            return callback(error as Error);
          }
          callback(null, chunk);
        },
      });
      open.add(counted);
      counted.once('close', () => open.delete(counted));
      // Inflate and size errors of yauzl end the counted stream; the reader sees them as corrupt.
      pipeline(raw, counted, () => undefined);
      return counted;
    },
  };
}

/**
 * Hands a part's XML on in pieces that end between tags, so that a tag is never split between two
 * scans. Latin-1 keeps every byte one character: tag names and attributes are ASCII.
 */
abstract class TagScanner {
  private carry = '';

  scan(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    const lastOpen = text.lastIndexOf('<');
    const complete = lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
    this.carry = text.slice(complete);
    if (this.carry.length > 1 * MB) throw new ZipLimitExceeded();
    this.scanComplete(text.slice(0, complete));
  }

  protected abstract scanComplete(body: string): void;
}

/**
 * A row's cells are held up to the largest column it names (a cell reference; <col min max> too, as
 * exceljs, the reader until decision 0062, allocated by them). A hostile sheet could name column
 * 2,000,000,000; Excel stops at XFD. The cells are counted as well: a sheet of a million short rows of
 * many columns is refused early.
 */
class WorksheetScanner extends TagScanner {
  private cells = 0;

  constructor(
    private readonly maxCells: number,
    private readonly runs: RunCounter,
  ) {
    super();
  }

  protected scanComplete(body: string): void {
    for (const tag of body.matchAll(/<(?:\w+:)?col\s[^>]*>/g)) {
      for (const [, value] of tag[0].matchAll(/\b(?:min|max)="\s*(\d+)\s*"/g)) {
        if (Number(value) > MAX_COLUMN) throw new ZipLimitExceeded();
      }
    }
    for (const [, letters] of body.matchAll(/<(?:\w+:)?c\s[^>]*?\br="\s*([A-Za-z]*)/g)) {
      if (letters!.length > 3 || columnNumber(letters!) > MAX_COLUMN) throw new ZipLimitExceeded();
    }
    this.cells += count(body, /<(?:\w+:)?c[\s>/]/g);
    this.runs.add(body);
    if (this.cells > this.maxCells) {
      throw new UploadRejection(UPLOAD_MESSAGES.xlsxTooManyCells(this.maxCells.toLocaleString('de-DE')));
    }
  }
}

/**
 * The reader keeps every shared string (a JavaScript string each) for the whole read: millions of tiny
 * ones in a 12 MB file cost hundreds of MB. Counted here, the read stops at the limit.
 */
class SharedStringsScanner extends TagScanner {
  private strings = 0;

  constructor(
    private readonly maxStrings: number,
    private readonly runs: RunCounter,
  ) {
    super();
  }

  protected scanComplete(body: string): void {
    // Excel declares the table's size up front: a file announcing too many is refused at once.
    const declared = /<(?:\w+:)?sst\s[^>]*?\buniqueCount="\s*(\d+)/.exec(body)?.[1];
    if (declared !== undefined && Number(declared) > this.maxStrings) this.refuse();
    this.strings += count(body, /<(?:\w+:)?si[\s>/]/g);
    this.runs.add(body);
    if (this.strings > this.maxStrings) this.refuse();
  }

  private refuse(): never {
    throw new UploadRejection(
      UPLOAD_MESSAGES.xlsxTooManySharedStrings(this.maxStrings.toLocaleString('de-DE')),
    );
  }
}

/**
 * Rich-text runs (<r>) of the archive's strings, shared and inline: one string of millions of runs in
 * 12 MB cost 500 MB when exceljs read them (an object per run); the cap stays as a bound on the work.
 */
class RunCounter {
  private runs = 0;

  constructor(private readonly maxRuns: number) {}

  add(body: string): void {
    this.runs += count(body, /<(?:\w+:)?r[\s>/]/g);
    if (this.runs > this.maxRuns) throw new ZipLimitExceeded();
  }
}

/** The styles part: its fonts, fills, borders and formats. */
class StylesScanner extends TagScanner {
  private entries = 0;

  constructor(private readonly maxEntries: number) {
    super();
  }

  protected scanComplete(body: string): void {
    this.entries += count(body, /<(?:\w+:)?(?:font|fill|border|xf|dxf|numFmt)[\s>/]/g);
    if (this.entries > this.maxEntries) throw new ZipLimitExceeded();
  }
}

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}
