// POST /api/upload with the .ods LibreOffice saved (fixtures/): stored like an xlsx, as one batch,
// and the same bookings saved by LibreOffice as xlsx are recognised as their duplicates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countBookings, createArticle, createCreditor, createDebitor } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { multipart } from './upload-test-support';

const t = useTestApp();
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
let admin: string;

beforeAll(async () => {
  // The numbers the fixtures name.
  await createCreditor(t.db, { number: 880001 });
  await createDebitor(t.db, { number: 880001 });
  await createArticle(t.db, { number: 88001 });
  admin = await t.login(ADMIN_EMAIL);
});

const upload = (name: string, query: string) =>
  t.request(admin, {
    method: 'POST',
    url: `/api/upload?${query}`,
    ...multipart([{ filename: name, content: fixture(name) }]),
  });

describe('POST /api/upload with an .ods', () => {
  it('dry run: checks and stores nothing; then stores the rows as one batch', async () => {
    const before = await countBookings(t.db);
    const dry = await upload('libreoffice-bookings.ods', 'checkForDuplicates=true&dryRun=true');
    expect(dry.json()).toEqual({ errors: [], warnings: [], count: 0 });
    expect(await countBookings(t.db)).toBe(before);

    const res = await upload('libreoffice-bookings.ods', 'checkForDuplicates=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ errors: [], warnings: [], count: 4 });
    const batches = (await t.request(admin, { method: 'GET', url: '/api/uploads' })).json();
    expect(batches[0]).toMatchObject({ fileName: 'libreoffice-bookings.ods', count: 4, netSum: 53648.06 });

    // The same rows as LibreOffice's xlsx: four possible duplicates, nothing stored.
    const again = await upload('libreoffice-bookings.xlsx', 'checkForDuplicates=true');
    const { errors, warnings, count } = again.json();
    expect({ errors, count }).toEqual({ errors: [], count: 0 });
    expect(warnings.map((w: { rowNumber: number }) => w.rowNumber)).toEqual([2, 3, 4, 6]);
  });

  it('names the stored value of a formula cell with more than two decimals', async () => {
    const res = await upload('libreoffice-formula.ods', 'checkForDuplicates=true');
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        property: 'Nettobetrag',
        rowNumber: 2,
        message: expect.stringContaining('33,3333333333333'),
      }),
    ]);
  });
});
