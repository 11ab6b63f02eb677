// After a write of many bookings the search's trigram indexes hold no pending entries
// (bookings.search-indexes.ts): a rename, an upload and an export of many bookings merge them, so that
// the next searches do not read the pending lists in full.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createWorld, createWorldBooking } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { exportWorld } from './bookings-export.test-support';
import { MANY_BOOKINGS } from './bookings.after-write';
import { TRIGRAM_INDEXES } from './bookings.search-indexes';
import { insertBookings } from './bookings.repository';
import { csvUpload } from '../upload/upload-test-support';

const t = useTestApp();

/** Pages of the pending lists: gin_clean_pending_list merges them and answers how many it removed. */
async function pendingPages(): Promise<number> {
  const { rows } = await t.pool.query<{ pages: number }>(
    'select coalesce(sum(gin_clean_pending_list(name::regclass)), 0)::int as pages from unnest($1::text[]) name',
    [TRIGRAM_INDEXES],
  );
  return rows[0]!.pages;
}

const discard = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

describe('the search indexes after a write of many bookings', () => {
  it('a rename through the API leaves nothing pending', async () => {
    const world = await createWorld(t);
    await createWorldBooking(t.db, world, { additionalInformation: 'Lieferung vor der Umbenennung' });
    const url = `/api/articles/${world.articleNumber}`;
    const article = (await t.request(world.adminToken, { method: 'GET', url })).json<object>();
    const res = await t.request(world.adminToken, {
      method: 'PUT',
      url,
      payload: { ...article, name: `${world.articleName} (neu)` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: world.articleNumber, errors: [] });
    expect(await pendingPages()).toBe(0);
  });

  it(`an upload of ${MANY_BOOKINGS} bookings through the API leaves nothing pending`, async () => {
    const world = await createWorld(t);
    const rows = Array.from({ length: MANY_BOOKINGS }, (_, i) => [
      '05.03.2025',
      `UPL-${world.creditorNumber}-${i}`,
      world.debitorNumber,
      'Rathaus',
      world.articleNumber,
      '12,50',
      `Zeile ${i}`,
      world.creditorNumber,
    ]);
    const res = await t.request(world.adminToken, csvUpload(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: MANY_BOOKINGS, errors: [] });
    expect(await pendingPages()).toBe(0);
  });

  it(`an export of ${MANY_BOOKINGS} bookings leaves nothing pending`, async () => {
    const world = await createWorld(t);
    await insertBookings(
      t.db,
      Array.from({ length: MANY_BOOKINGS }, (_, i) => ({
        invoiceDate: '2025-03-01',
        invoiceNumber: `M-${i}`,
        net: '1.00',
        debitorNumber: world.debitorNumber,
        deliveryLocation: 'Rathaus',
        articleNumber: world.articleNumber,
        additionalInformation: `Zeile ${i}`,
        creditorNumber: world.creditorNumber,
        creationUserEmailAddress: world.supplierEmail,
      })),
    );
    const by = `export-${world.creditorNumber}@example.org`;
    const exported = await exportWorld(t, world, discard(), { by, chunkRows: { first: 500, max: 500 } });
    expect(exported).toBe(MANY_BOOKINGS);
    expect(await pendingPages()).toBe(0);
  });
});
