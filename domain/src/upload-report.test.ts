import { describe, expect, it } from 'vitest';
import { buildUploadReportCsv } from './upload-report';

describe('buildUploadReportCsv', () => {
  it('lists errors, then warnings, with row, field, message and kind', () => {
    const csv = buildUploadReportCsv({
      errors: [
        { property: 'Nettobetrag', message: 'Dieses Feld ist ein Pflichtfeld.', rowNumber: 3 },
        { property: '', message: '… und 12 weitere Fehler.' },
      ],
      warnings: [
        { property: 'Rechnungsnummer', message: 'Mögliche doppelte Buchung; bitte prüfen.', rowNumber: 7 },
      ],
    });
    expect(csv).toBe(
      '\uFEFFZeile;Feld;Meldung;Art\r\n' +
        '3;Nettobetrag;Dieses Feld ist ein Pflichtfeld.;Fehler\r\n' +
        ';;… und 12 weitere Fehler.;Fehler\r\n' +
        '7;Rechnungsnummer;"Mögliche doppelte Buchung; bitte prüfen.";Warnung\r\n',
    );
  });

  it('neutralises a message that would run as a formula', () => {
    const csv = buildUploadReportCsv({
      errors: [{ property: 'Lieferort', message: '=1+1', rowNumber: 2 }],
      warnings: [],
    });
    expect(csv.split('\r\n')[1]).toBe("2;Lieferort;'=1+1;Fehler");
  });
});
