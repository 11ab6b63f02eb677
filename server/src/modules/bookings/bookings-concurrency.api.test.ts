// Parallel saves and uploads of the same booking with the duplicate check on: the check and the write
// are one step per creditor (an advisory lock), so the booking is stored once and the others are
// warned. Uploads also run on a second app (a second server process on the same database), whose
// import queue does not serialise them with the first's.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayToWire } from '@lp/domain/dates';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { uploadMessageProperty } from '@lp/domain/upload-columns';
import { buildApp } from '../../app';
import { bookingBody, createWorld, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvFile, HEADER, multipart } from '../upload/upload-test-support';

const t = useTestApp();
let w: World;
let secondServer: FastifyInstance;
beforeAll(async () => {
  w = await createWorld(t);
  secondServer = await buildApp({ db: t.db, pool: t.pool, config: t.config });
  await secondServer.ready();
});
afterAll(async () => {
  await secondServer?.close();
});

const PARALLEL = 5;
const ROUNDS = 5;
const duplicateWarning = {
  property: BOOKING_LABELS.invoiceNumber,
  message: expect.stringMatching(/^Mögliche doppelte Buchung: /),
};

const uploadDuplicateWarning = {
  ...duplicateWarning,
  property: uploadMessageProperty(BOOKING_LABELS.invoiceNumber),
};

async function storedWith(invoiceNumber: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from transactions where invoice_number = $1',
    [invoiceNumber],
  );
  return rows[0]!.n;
}

const create = (payload: object) =>
  t.request(w.supplierToken, {
    method: 'POST',
    url: '/api/transactions?checkForDuplicates=true',
    payload,
  });

function upload(app: FastifyInstance, content: Buffer) {
  const { payload, headers } = multipart([{ filename: 'buchungen.csv', content }]);
  return app.inject({
    method: 'POST',
    url: '/api/upload?checkForDuplicates=true',
    headers: { ...headers, authorization: `Bearer ${w.adminToken}` },
    payload,
  });
}

describe('the same booking saved in parallel with checkForDuplicates=true', () => {
  it(`stores it once when ${PARALLEL} creates arrive at the same moment; the others get the warning`, async () => {
    // Several rounds: one round of a race may by chance run one after the other.
    for (let round = 0; round < ROUNDS; round++) {
      const body = bookingBody(w, { invoiceNumber: `PAR-${round}-${Date.now()}` });
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => create(body)));
      const results = answers.map((res) => {
        expect(res.statusCode).toBe(200);
        return res.json() as { id?: number; errors: unknown[]; warnings: unknown[] };
      });
      const stored = results.filter((r) => r.id !== undefined);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toEqual({ id: expect.any(Number), errors: [], warnings: [] });
      for (const refused of results.filter((r) => r.id === undefined)) {
        expect(refused).toEqual({ errors: [], warnings: [duplicateWarning] });
      }
      expect(await storedWith(body.invoiceNumber!)).toBe(1);
    }
  });

  it('lets only one of two bookings be changed into the same booking at the same moment', async () => {
    const invoiceNumber = `PAR-U-${Date.now()}`;
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const res = await create(bookingBody(w, { invoiceNumber: `${invoiceNumber}-${n}` }));
      ids.push(res.json().id as number);
    }
    const body = { ...bookingBody(w, { invoiceNumber }), version: 1 };
    const answers = await Promise.all(
      ids.map((id) =>
        t.request(w.supplierToken, {
          method: 'PUT',
          url: `/api/transactions/${id}?checkForDuplicates=true`,
          payload: body,
        }),
      ),
    );
    const results = answers.map((res) => res.json() as { id?: number; warnings: unknown[] });
    expect(results.filter((r) => r.id !== undefined)).toHaveLength(1);
    expect(results.find((r) => r.id === undefined)).toEqual({ errors: [], warnings: [duplicateWarning] });
    expect(await storedWith(invoiceNumber)).toBe(1);
  });
});

describe('the same file uploaded in parallel with checkForDuplicates=true', () => {
  const row = (invoiceNumber: string) => [
    '05.03.2025',
    invoiceNumber,
    String(w.debitorNumber),
    'Bauhof',
    String(w.articleNumber),
    '12,50',
    '',
    String(w.creditorNumber),
  ];

  it('stores it once when two servers import it at the same moment; the other gets the warnings', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const numbers = [`PAR-F-${round}-${Date.now()}-1`, `PAR-F-${round}-${Date.now()}-2`];
      const file = csvFile([HEADER, ...numbers.map(row)]);
      const answers = await Promise.all([upload(t.app, file), upload(secondServer, file)]);
      const results = answers.map((res) => {
        expect(res.statusCode).toBe(200);
        return res.json() as { count: number; errors: unknown[]; warnings: unknown[] };
      });
      expect(results.map((r) => r.count).sort()).toEqual([0, 2]);
      const refused = results.find((r) => r.count === 0)!;
      expect(refused.errors).toEqual([]);
      expect(refused.warnings).toEqual([
        // An upload's messages name the file's column.
        { ...uploadDuplicateWarning, rowNumber: 2 },
        { ...uploadDuplicateWarning, rowNumber: 3 },
      ]);
      for (const n of numbers) expect(await storedWith(n)).toBe(1);
    }
  });

  it('stores a booking once when an upload and a manual save of it race', async () => {
    const invoiceNumber = `PAR-M-${Date.now()}`;
    const [uploaded, saved] = await Promise.all([
      upload(secondServer, csvFile([HEADER, row(invoiceNumber)])),
      create(
        bookingBody(w, {
          invoiceNumber,
          invoiceDate: isoDayToWire('2025-03-05'),
          net: '12,50',
          additionalInformation: null,
        }),
      ),
    ]);
    const stored = [uploaded.json().count === 1, saved.json().id !== undefined];
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await storedWith(invoiceNumber)).toBe(1);
  });
});
