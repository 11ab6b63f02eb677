// An upload whose body stops arriving is ended after the idle timeout and gives its place back: a
// client that sent its headers and a few bytes and then kept the connection open used to hold one of
// the user's UPLOADS_PER_USER places (and one of the server's) for as long as it liked.
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '@lp/domain/limits';
import { createArticle, createCreditor, createDebitor, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from './upload-test-support';

const IDLE_MS = 3_000;
const t = useTestApp({ uploadIdleTimeoutMs: IDLE_MS });

let port: number;
let token: string;
let userId: number;
let creditor: number;
let debitor: number;
let article: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  creditor = (await createCreditor(t.db)).number;
  const user = await createUser(t.db, { creditorNumber: creditor });
  token = await t.login(user.emailAddress);
  userId = user.id;
  debitor = (await createDebitor(t.db)).number;
  article = (await createArticle(t.db)).number;
});

/** Sends an upload's headers and the start of its body, then nothing; resolves when the server closes it. */
function stalledUpload(): { closed: Promise<number> } {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write(
      'POST /api/upload HTTP/1.1\r\nHost: x\r\n' +
        `Authorization: Bearer ${token}\r\n` +
        'Content-Type: multipart/form-data; boundary=----stalled\r\nContent-Length: 100000\r\n\r\n' +
        '------stalled\r\nContent-Disposition: form-data; name="uploads[]"; filename="a.csv"\r\n\r\nRechnungs',
    );
  });
  socket.on('error', () => undefined);
  socket.resume();
  return { closed: new Promise((resolve) => socket.on('close', () => resolve(performance.now() - started))) };
}

const upload = (invoiceNumber: string) =>
  t.request(
    token,
    csvUpload([['05.03.2025', invoiceNumber, debitor, 'Rathaus', article, '10,00', '', creditor]]),
  );

/** The user's uploads admitted now, on any server (decision 0014's leases). */
async function admitted(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from upload_admissions where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

describe('POST /api/upload: a body that stops arriving', () => {
  it('is ended after the idle timeout, and the places it held are free again', async () => {
    const stalled = Array.from({ length: UPLOADS_PER_USER }, stalledUpload);
    // All of the user's places are taken while they stall.
    await expect.poll(admitted, { timeout: IDLE_MS / 2, interval: 20 }).toBe(UPLOADS_PER_USER);
    expect((await upload('WARTET')).statusCode).toBe(429);

    const closedAfter = await Promise.all(stalled.map((s) => s.closed));
    for (const ms of closedAfter) expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 50);
    await expect.poll(admitted).toBe(0);

    const res = await upload('DANACH');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, errors: [] });
  });
});
