// One measurement of xlsx-read.bench.ts in its own process: `read <file>` reads the file with the
// upload's xlsx reader and prints its figures as JSON; `floor <file>` loads the same modules and reads
// nothing. XLSX_READER may name another module exporting readXlsxRows, to compare a candidate; a
// refused file is measured as well (`refused`: its message).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as XlsxReader from '../../server/src/modules/upload/xlsx-reader';

type Reader = typeof XlsxReader;

const [mode, file] = process.argv.slice(2);
const reader = (await (process.env.XLSX_READER
  ? import(pathToFileURL(path.resolve(process.env.XLSX_READER)).href)
  : import('../../server/src/modules/upload/xlsx-reader'))) as Reader;
const buffer = fs.readFileSync(file!);
let rows = 0;
const started = performance.now();
const cpu = process.cpuUsage();
/** A file the reader refuses (a hostile one) is measured too: its German message is printed. */
let refused: string | undefined;
if (mode === 'read') {
  try {
    await reader.readXlsxRows(buffer, { accept: () => void rows++ });
  } catch (error) {
    refused = (error as Error).message;
  }
}
const used = process.cpuUsage(cpu);
const wallMs = Math.round(performance.now() - started);
const status = fs.readFileSync('/proc/self/status', 'utf8');
const peakRssMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
console.log(
  JSON.stringify({ rows, wallMs, cpuMs: Math.round((used.user + used.system) / 1000), peakRssMb, refused }),
);
