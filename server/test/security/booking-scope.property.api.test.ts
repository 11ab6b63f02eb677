// Property: whatever a supplier asks of the bookings list (filters, sorts, pages, searches — also
// naming another creditor), every row, the total and the net sum it gets are its own creditor's:
// exactly what an admin gets for the same question restricted to that creditor.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SORT_KEYS, DESCENDING_SUFFIX } from '@lp/domain/booking-list-query';
import type { BookingPage } from '@lp/domain/booking.schema';
import { bookings } from '../../src/db/schema';
import { createArticle, createCreditor, createDebitor, createUser } from '../factories';
import { ADMIN_EMAIL, useTestApp } from '../test-app';

const t = useTestApp();

const SEARCH_WORDS = ['RE-A', 'RE-B', 'RE-C', 'Schule', 'Kita', 'Gemeinde', 'Lieferant', '7', ''];
const DAYS = ['2026-01-15', '2026-02-10', '2026-03-05', '2026-04-20', '2026-05-30', '2026-06-11'];
const toGerman = (iso: string) => iso.split('-').reverse().join('.');

interface Fixture {
  adminToken: string;
  suppliers: { token: string; creditorNumber: number }[];
  creditorNumbers: number[];
  debitorNumbers: number[];
  articleNumbers: number[];
}

/** Three creditors (two with a supplier) booking the same debitors and articles. */
async function createFixture(): Promise<Fixture> {
  const creditors = [await createCreditor(t.db), await createCreditor(t.db), await createCreditor(t.db)];
  const debitors = [
    await createDebitor(t.db, { name: 'Schule am Park' }),
    await createDebitor(t.db, { name: 'Kita Sonnenschein' }),
  ];
  const articles = [await createArticle(t.db), await createArticle(t.db)];
  const suppliers = [];
  for (const creditor of creditors.slice(0, 2)) {
    const user = await createUser(t.db, { creditorNumber: creditor.number });
    suppliers.push({ token: await t.login(user.emailAddress), creditorNumber: creditor.number });
  }
  const rows = fc.sample(
    fc.record({
      creditor: fc.integer({ min: 0, max: 2 }),
      debitor: fc.integer({ min: 0, max: 1 }),
      article: fc.integer({ min: 0, max: 1 }),
      day: fc.constantFrom(...DAYS),
      cents: fc.integer({ min: -500_000, max: 5_000_000 }).filter((c) => c !== 0),
      exported: fc.boolean(),
    }),
    { numRuns: 90, seed: 4711 },
  );
  await t.db.insert(bookings).values(
    rows.map((row, i) => ({
      invoiceDate: row.day,
      invoiceNumber: `RE-${'ABC'[row.creditor]}-${i}`,
      net: (row.cents / 100).toFixed(2),
      debitorNumber: debitors[row.debitor]!.number,
      deliveryLocation: `Lager ${i}`,
      articleNumber: articles[row.article]!.number,
      additionalInformation: null,
      creditorNumber: creditors[row.creditor]!.number,
      creationUserEmailAddress: ADMIN_EMAIL,
      exportDate: row.exported ? new Date('2026-07-01T08:00:00Z') : null,
    })),
  );
  return {
    adminToken: await t.login(ADMIN_EMAIL),
    suppliers,
    creditorNumbers: creditors.map((c) => c.number),
    debitorNumbers: debitors.map((d) => d.number),
    articleNumbers: articles.map((a) => a.number),
  };
}

function listQuery(f: Fixture) {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const idOrUnset = (numbers: number[]) => maybe(fc.constantFrom(-1, ...numbers));
  return fc.record(
    {
      page: maybe(fc.integer({ min: 1, max: 3 })),
      sorting: maybe(
        fc
          .tuple(fc.constantFrom(...SORT_KEYS), fc.boolean())
          .map(([key, desc]) => (desc ? key + DESCENDING_SUFFIX : key)),
      ),
      invoiceDateFrom: maybe(fc.constantFrom(...DAYS).map(toGerman)),
      invoiceDateUntil: maybe(fc.constantFrom(...DAYS)),
      searchQuery: maybe(fc.constantFrom(...SEARCH_WORDS)),
      exportedOnly: maybe(fc.boolean()),
      notExportedOnly: maybe(fc.boolean()),
      creditor: idOrUnset(f.creditorNumbers),
      debitor: idOrUnset(f.debitorNumbers),
      article: idOrUnset(f.articleNumbers),
    },
    { requiredKeys: [] },
  );
}

function toUrl(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/transactions?${params.toString()}`;
}

describe('a supplier’s bookings list, asked anything', () => {
  it('holds only its own bookings, and exactly those an admin sees for its creditor', async () => {
    const f = await createFixture();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...f.suppliers), listQuery(f), async (supplier, query) => {
        const asSupplier = await t.request(supplier.token, { method: 'GET', url: toUrl(query) });
        expect(asSupplier.statusCode).toBe(200);
        const page = asSupplier.json<BookingPage>();
        for (const item of page.items) expect(item.creditorId).toBe(supplier.creditorNumber);

        // Naming another creditor gives nothing; naming none or its own gives its own share.
        const foreign = query.creditor !== undefined && query.creditor > 0;
        const askedOther = foreign && query.creditor !== supplier.creditorNumber;
        const asAdmin = await t.request(f.adminToken, {
          method: 'GET',
          url: toUrl({ ...query, creditor: supplier.creditorNumber }),
        });
        const expected = asAdmin.json<BookingPage>();
        if (askedOther) {
          expect(page.total).toBe(0);
          expect(page.netSum).toBe(0);
        } else {
          expect(page.total).toBe(expected.total);
          expect(page.netSum).toBeCloseTo(expected.netSum, 2);
          expect(page.items.map((b) => b.id)).toEqual(expected.items.map((b) => b.id));
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  }, 120_000);
});
