// The exceljs adapter's contract with the pinned exceljs: a streamed sheet's zip backlog can be
// observed (the xlsx export's memory bound rests on it) and drains once the zip has taken the rows.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadExcelJs, sheetZipBacklog, untilSheetZipped } from './exceljs';

describe('the exceljs adapter', () => {
  it("observes a streamed sheet's zip backlog and waits until it has drained", async () => {
    const ExcelJS = await loadExcelJs();
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet('Buchungen');
    sheet.columns = [{ header: 'Rechnungsnummer', key: 'a' }];
    sheet.getRow(1).commit();
    expect(sheetZipBacklog(sheet)).toEqual(expect.any(Number));
    for (let i = 0; i < 20_000; i += 1) sheet.addRow([`R-${i}-${'x'.repeat(40)}`]).commit();
    await untilSheetZipped(sheet);
    expect(sheetZipBacklog(sheet)).toBeLessThanOrEqual(256 * 1024);
    sheet.commit();
    await workbook.commit();
  });
});
