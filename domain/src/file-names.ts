// Names of the files the product delivers.

/** File names of downloads. */
export const FILE_NAMES = {
  bookings: 'Buchungen.csv',
  bookingsXlsx: 'Buchungen.xlsx',
  articles: 'Artikel.csv',
  debitors: 'Debitoren.xlsx',
  templateCsv: 'Vorlage.csv',
  templateXlsx: 'Vorlage.xlsx',
  uploadReport: 'Pruefergebnis.csv',
} as const;
/** Name of the master-data spreadsheet, dated (e.g. Stammdaten_2026-11-21.xlsx). */
export function masterDataFileName(isoDate: string): string {
  return `Stammdaten_${isoDate}.xlsx`;
}

/** Name of the reporting-status spreadsheet, dated (e.g. Meldestatus_2026-11-22.xlsx). */
export function reportingStatusFileName(isoDate: string): string {
  return `Meldestatus_${isoDate}.xlsx`;
}

/** Response header of a bookings export: the number of the export batch it opened. */
export const EXPORT_BATCH_HEADER = 'x-export-batch';
