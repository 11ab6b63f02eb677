// Uploads of several users share the import slots fairly: a supplier's queued files do not hold back
// another supplier's file, and a supplier's excess uploads are refused at once with a German 429.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '@lp/domain/limits';
import { createArticle, createCreditor, createDebitor, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from './upload-test-support';

// One slot: imports run strictly one after the other, so the order they run in is the order they end.
const t = useTestApp({ uploadConcurrency: 1 });

let supplierA: { token: string; creditor: number };
let supplierB: { token: string; creditor: number };
let debitor: number;
let article: number;
let sequence = 0;

async function supplier() {
  const creditor = (await createCreditor(t.db)).number;
  const user = await createUser(t.db, { creditorNumber: creditor });
  return { token: await t.login(user.emailAddress), creditor };
}

beforeAll(async () => {
  supplierA = await supplier();
  supplierB = await supplier();
  debitor = (await createDebitor(t.db)).number;
  article = (await createArticle(t.db)).number;
});

function upload(who: { token: string; creditor: number }) {
  const row = [
    '05.03.2025',
    `FAIR-${++sequence}`,
    String(debitor),
    'Rathaus',
    String(article),
    '10,00',
    '',
    String(who.creditor),
  ];
  return t.request(who.token, csvUpload([row]));
}

/** Holds the bookings table locked, so that the import running now waits inside its transaction. */
let blocker: pg.PoolClient | undefined;
afterAll(async () => {
  await blocker?.query('rollback').catch(() => undefined);
  blocker?.release();
});

async function importWaitingForLock(): Promise<boolean> {
  const { rows } = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_locks where not granted and locktype = 'relation'`,
  );
  return rows[0]!.n > 0;
}

describe('POST /api/upload: a fair share per user', () => {
  it('runs another supplier’s upload before the first supplier’s queued ones and refuses a fourth with 429', async () => {
    blocker = await t.pool.connect();
    await blocker.query('begin');
    await blocker.query('lock table transactions in access exclusive mode');

    const finished: string[] = [];
    const track = (name: string, answer: ReturnType<typeof upload>) =>
      answer.then((res) => {
        finished.push(name);
        return res;
      });

    const a1 = track('A1', upload(supplierA));
    await expect.poll(importWaitingForLock, { timeout: 10_000 }).toBe(true);
    const aQueued = [track('A2', upload(supplierA)), track('A3', upload(supplierA))];
    // Both queued files are admitted before the fourth arrives: inject handles them in order.
    await new Promise((r) => setTimeout(r, 200));

    const a4 = await upload(supplierA);
    expect(a4.statusCode).toBe(429);
    expect(a4.headers['retry-after']).toBe('10');
    expect(a4.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      errors: [
        {
          property: '',
          message: `Sie haben bereits ${UPLOADS_PER_USER} Uploads in Bearbeitung. Bitte warten Sie, bis einer davon abgeschlossen ist.`,
        },
      ],
    });

    const b1 = track('B1', upload(supplierB));
    await new Promise((r) => setTimeout(r, 200));
    expect(finished).toEqual([]);

    await blocker.query('commit');
    blocker.release();
    blocker = undefined;
    const answers = await Promise.all([a1, b1, ...aQueued]);
    for (const res of answers) expect(res.json()).toMatchObject({ errors: [], count: 1 });
    // B's one file runs right after A's first, before A's queued ones (whose order among
    // themselves depends on when their bodies arrive).
    expect(finished.slice(0, 2)).toEqual(['A1', 'B1']);
    expect(finished.slice(2).sort()).toEqual(['A2', 'A3']);

    // The places are given back: the supplier may upload again.
    expect((await upload(supplierA)).json()).toMatchObject({ errors: [], count: 1 });
  });
});
