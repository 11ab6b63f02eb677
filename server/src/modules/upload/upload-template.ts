// The downloadable templates: the header row and one example row, both from UPLOAD_COLUMNS, as a
// CSV in the download dialect and as an xlsx with a real date cell and number cells.
import { stringify } from 'csv-stringify/sync';
import { loadExcelJs } from '../../lib/exceljs';
import { parseCalendarDate } from '@lp/domain/dates';
import { parseAmount } from '@lp/domain/numbers';
import { UPLOAD_COLUMNS, type UploadColumn } from '@lp/domain/upload-columns';
import { CSV_DIALECT } from '../../lib/spreadsheet-cells';

export interface TemplateOptions {
  /** A supplier's template shows its own creditor number as the example. */
  creditorNumber?: number | null;
}

function exampleText(column: UploadColumn, options: TemplateOptions): string {
  if (column.key === 'creditorNumber' && options.creditorNumber) return String(options.creditorNumber);
  return column.example;
}

export function buildCsvTemplate(options: TemplateOptions = {}): Buffer {
  const rows = [UPLOAD_COLUMNS.map((c) => c.header), UPLOAD_COLUMNS.map((c) => exampleText(c, options))];
  return Buffer.from(stringify(rows, CSV_DIALECT), 'utf8');
}

const SHEET_NAME = 'Buchungen';
const NUMBER_FORMATS: Record<UploadColumn['kind'], string> = {
  date: 'dd.mm.yyyy',
  amount: '#,##0.00',
  number: '0',
  text: '@', // text cells: leading zeros and long numbers stay as typed
};

function exampleCell(column: UploadColumn, options: TemplateOptions): string | number | Date {
  const text = exampleText(column, options);
  switch (column.kind) {
    case 'date':
      return new Date(`${parseCalendarDate(text)}T00:00:00.000Z`);
    case 'amount':
      return Number(parseAmount(text));
    case 'number':
      return Number(text);
    case 'text':
      return text;
  }
}

export async function buildXlsxTemplate(options: TemplateOptions = {}): Promise<Buffer> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = UPLOAD_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(column.header.length, exampleText(column, options).length) + 4,
    style: { numFmt: NUMBER_FORMATS[column.kind] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(UPLOAD_COLUMNS.map((c) => [c.key, exampleCell(c, options)])));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
