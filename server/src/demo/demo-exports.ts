// The export batches of the demo's export runs, each with the file the real export would have
// delivered (written by bookings.export.ts bookingsCsv, gzip-compressed), so that
// the Exporte screen lists them and downloads them again like any other batch.
import zlib from 'node:zlib';
import { FILE_NAMES } from '@lp/domain/file-names';
import { EMPTY_REPORT_NAME } from '@lp/domain/reserved-records';
import { CentSum } from '../lib/decimal-sum';
import { bookingsCsv } from '../modules/bookings/bookings.export';
import type { DemoPlan } from './demo-plan';

export interface PlannedExportBatch {
  createdAt: Date;
  createdBy: string;
  count: number;
  netSum: string;
  fileName: string;
  file: Buffer;
}

/** One batch per export run that exported anything, oldest first. */
export function buildExportBatches(plan: DemoPlan, createdBy: string): PlannedExportBatch[] {
  const names = (records: { number: number; name: string }[]) =>
    new Map(records.map((r) => [r.number, r.name]));
  const creditorNames = names(plan.creditors);
  const debitorNames = names(plan.debitors);
  const articleNames = names(plan.articles);
  return plan.exportRuns.flatMap((runAt, run) => {
    const rows = plan.bookings
      .filter((b) => b.exportRun === run)
      .sort((x, y) => x.invoiceDate.localeCompare(y.invoiceDate));
    if (rows.length === 0) return [];
    const netSum = new CentSum();
    const csv = bookingsCsv(
      rows.map((b) => {
        netSum.add(b.net);
        return {
          ...b,
          // The file has no id, version or upload column.
          id: 0,
          version: 2,
          uploadBatchId: null,
          debitorName: debitorNames.get(b.debitorNumber) ?? EMPTY_REPORT_NAME,
          articleName: articleNames.get(b.articleNumber) ?? EMPTY_REPORT_NAME,
          creditorName: creditorNames.get(b.creditorNumber)!,
          creationDate: b.creationDate.toISOString(),
          exportDate: runAt.toISOString(),
        };
      }),
    );
    return [
      {
        createdAt: runAt,
        createdBy,
        count: rows.length,
        netSum: netSum.toString(),
        fileName: FILE_NAMES.bookings,
        file: zlib.gzipSync(csv),
      },
    ];
  });
}
