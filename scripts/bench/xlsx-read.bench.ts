// Reads a 100,000-row bookings xlsx (as exceljs's streaming writer saves it: shared strings, date and
// amount formats) with the upload's xlsx reader, each run in a fresh Node process with the server's
// flags, and prints wall time, CPU time and peak RSS, beside the same process that loads the reader and
// reads nothing (its floor). Decision 0062 holds the figures of the reader this one replaced.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_ROWS } from '@lp/domain/limits';
import { loadExcelJs } from '../../server/src/lib/exceljs';
import { ROOT, startFlags } from './support';

const RUNS = 3;

async function writeBookingsXlsx(file: string): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Buchungen');
  sheet.columns = [
    { header: 'Rechnungsdatum', key: 'day', style: { numFmt: 'dd.mm.yyyy' } },
    { header: 'Rechnungsnummer', key: 'invoice' },
    { header: 'Debitornummer', key: 'debitor' },
    { header: 'Lieferort', key: 'location' },
    { header: 'Artikelnummer', key: 'article' },
    { header: 'Nettobetrag', key: 'net', style: { numFmt: '#,##0.00' } },
    { header: 'Zusatzinformation', key: 'info' },
    { header: 'Kreditornummer', key: 'creditor' },
  ];
  const places = ['Rathaus', 'Grundschule Süd', 'Bauhof', 'Kläranlage', 'Feuerwehr Straße 12', 'Bürgerbüro'];
  for (let i = 0; i < UPLOAD_MAX_ROWS; i++) {
    sheet
      .addRow({
        day: new Date(Date.UTC(2024, 0, 1) + (i % 600) * 86_400_000),
        invoice: `RE-${2024 + (i % 2)}-${String(i).padStart(6, '0')}`,
        debitor: 10_000 + (i % 2000),
        location: `${places[i % places.length]} ${i % 99}`,
        article: 1_000 + (i % 300),
        net: ((i % 2 ? -1 : 1) * ((i * 37) % 5_000_000)) / 100,
        info: i % 3 === 0 ? `Bestellung ${i % 9999}` : null,
        creditor: 70_000 + (i % 50),
      })
      .commit();
  }
  await workbook.commit();
}

interface Figures {
  rows: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
}

function measure(file: string, mode: 'read' | 'floor'): Figures {
  const child = spawnSync(
    process.execPath,
    [...startFlags(), '--import', 'tsx', path.join(import.meta.dirname, 'xlsx-read-child.ts'), mode, file],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`xlsx-read-child failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures;
}

export default {
  name: 'xlsx-read',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-xlsx-read-'));
    try {
      const file = path.join(dir, 'buchungen.xlsx');
      await writeBookingsXlsx(file);
      console.log(
        `file: ${UPLOAD_MAX_ROWS.toLocaleString('en')} rows, ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`,
      );
      const floor = measure(file, 'floor');
      console.log(`floor (reader loaded, nothing read): peak RSS ${floor.peakRssMb} MB`);
      for (let run = 1; run <= RUNS; run++) {
        const f = measure(file, 'read');
        console.log(
          `run ${run}: ${f.rows} rows, ${f.wallMs} ms wall, ${f.cpuMs} ms CPU, peak RSS ${f.peakRssMb} MB (+${f.peakRssMb - floor.peakRssMb} MB over the floor)`,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
