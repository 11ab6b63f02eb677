// Contract tests of the readers with files LibreOffice Calc 7.4 saved itself (fixtures/README.md):
// the .ods reader and the xlsx reader read what a LibreOffice user's "Speichern" writes, with
// real date and number cells, codes kept as text, and the same candidates from both formats.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import type { SessionUser } from '../auth/session-user';
import { detectFileKind } from './file-kind';
import { readBookings } from './upload.service';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const admin: SessionUser = {
  id: 1,
  emailAddress: 'admin@localhost',
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
  tokenVersion: 0,
  secondFactor: false,
};

const EXPECTED = [
  {
    invoiceDate: '2026-03-15',
    invoiceNumber: '0815',
    net: '1234.56',
    debitorNumber: 880001,
    deliveryLocation: 'Rathaus',
    articleNumber: 88001,
    additionalInformation: 'Erste Lieferung',
    creditorNumber: 880001,
  },
  {
    invoiceDate: '2026-02-01',
    invoiceNumber: '4711E3',
    net: '-12.5',
    debitorNumber: 880001,
    deliveryLocation: 'Schule Nord',
    articleNumber: 88001,
    additionalInformation: null,
    creditorNumber: 880001,
  },
  {
    invoiceDate: '2026-02-28',
    invoiceNumber: '123456789012345678',
    net: '52326.1',
    debitorNumber: 880001,
    deliveryLocation: 'Lager; Halle 2',
    articleNumber: 88001,
    additionalInformation: 'Umlaute äöü ß',
    creditorNumber: 880001,
  },
  {
    invoiceDate: '2026-03-02',
    invoiceNumber: '00042',
    net: '99.9',
    debitorNumber: 880001,
    deliveryLocation: 'Bauhof',
    articleNumber: 88001,
    additionalInformation: 'Letzte',
    creditorNumber: 880001,
  },
];

describe('files saved by LibreOffice Calc', () => {
  it.each(['libreoffice-bookings.ods', 'libreoffice-bookings.xlsx'])(
    'reads %s: date and number cells, text codes, the blank row skipped, row numbers as shown',
    async (name) => {
      const file = fixture(name);
      expect(detectFileKind(file)).toBe(name.endsWith('.ods') ? 'ods' : 'xlsx');
      const collected = await readBookings(file, admin);
      expect(collected.candidates).toEqual(EXPECTED);
      expect(collected.rowNumbers).toEqual([2, 3, 4, 6]);
      expect(collected.cellErrors.flat()).toEqual([]);
      expect(collected.sheets?.otherBookingSheets).toEqual([]);
    },
  );

  it.each(['libreoffice-formula.ods', 'libreoffice-formula.xlsx'])(
    'reads the stored result of a formula (=100/3) in %s, with all its decimals',
    async (name) => {
      const collected = await readBookings(fixture(name), admin);
      expect(collected.candidates).toHaveLength(1);
      // Not rounded to what the cell shows: the error names the value the cell holds.
      expect(collected.candidates[0]!.net).toBe('33.3333333333333');
      expect(collected.cellErrors).toEqual([
        [
          {
            property: 'Nettobetrag',
            message: UPLOAD_MESSAGES.netTooManyDecimals('33,3333333333333'),
            rowNumber: 2,
          },
        ],
      ]);
    },
  );
});
