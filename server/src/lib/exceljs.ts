// The one door to exceljs (issue 53): the server writes spreadsheets with it and reads none (uploads
// are read with saxes, decision 0062). exceljs adds ~30 MB to the process once loaded, and only xlsx
// work needs it: it is loaded on first use, so CSV imports and the API at rest do without it.
import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}

/** Bytes of sheet XML that may wait for the zip's deflate stream before more rows are written. */
const ZIP_BACKLOG_BYTES = 256 * 1024;

/**
 * What exceljs 4.4.0's WorksheetWriter pipes its XML into (archiver's entry stream, readable-stream 2).
 * The only place that looks past exceljs's public API, because exceljs offers no backpressure: its
 * StreamBuf ignores it, and deflate runs on the thread pool. exceljs is pinned to 4.4.0 for it, and
 * exceljs.test.ts fails if an upgrade takes these streams away.
 */
interface SheetPipes {
  stream?: { pipes?: { _readableState?: { length: number }; _writableState?: { length: number } }[] };
}

/** The XML of a streamed sheet not yet taken by the zip, in bytes (undefined: not observable). */
export function sheetZipBacklog(sheet: unknown): number | undefined {
  const pipes = (sheet as SheetPipes).stream?.pipes;
  if (!Array.isArray(pipes) || pipes.length === 0) return undefined;
  return pipes.reduce((sum, p) => sum + (p._readableState?.length ?? 0) + (p._writableState?.length ?? 0), 0);
}

/**
 * Waits until the zip has taken (nearly) all of the sheet's XML written so far. Measured: 300,000 rows
 * written in one go held 412 MB and left the first bytes for the end; waiting here keeps a process at
 * ~130 MB and the file flowing (decision 0070).
 */
export async function untilSheetZipped(sheet: unknown): Promise<void> {
  do await new Promise((resolve) => setImmediate(resolve));
  while ((sheetZipBacklog(sheet) ?? 0) > ZIP_BACKLOG_BYTES);
}
