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
      '\uFEFFZeilen;Anzahl;Feld;Meldung;Art\r\n' +
        '3;1;Nettobetrag;Dieses Feld ist ein Pflichtfeld.;Fehler\r\n' +
        ';;;… und 12 weitere Fehler.;Fehler\r\n' +
        '7;1;Rechnungsnummer;"Mögliche doppelte Buchung; bitte prüfen.";Warnung\r\n',
    );
  });

  it('groups the same message on the same field into one line with all its rows', () => {
    const inactive = 'Der Debitor 99999 existiert nicht.';
    const csv = buildUploadReportCsv({
      errors: [
        ...Array.from({ length: 50 }, (_, i) => ({
          property: 'Debitornummer',
          message: inactive,
          rowNumber: 12 + i,
        })),
        { property: 'Nettobetrag', message: 'Dieses Feld ist ein Pflichtfeld.', rowNumber: 14 },
        { property: 'Debitornummer', message: inactive, rowNumber: 3 },
      ],
      warnings: [],
    });
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `3, 12–61;51;Debitornummer;${inactive};Fehler`,
      '14;1;Nettobetrag;Dieses Feld ist ein Pflichtfeld.;Fehler',
    ]);
  });

  it('neutralises a message that would run as a formula', () => {
    const csv = buildUploadReportCsv({
      errors: [{ property: 'Lieferort', message: '=1+1', rowNumber: 2 }],
      warnings: [],
    });
    expect(csv.split('\r\n')[1]).toBe("2;1;Lieferort;'=1+1;Fehler");
  });
});
