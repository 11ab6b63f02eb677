// A real server process under a crowd of slow clients (issue 56): trickled headers, trickled bodies
// and idle sockets from one address, while a healthy client from another keeps signing in and
// reading. Every slow connection ends within its bound, every healthy request is answered, and
// SIGTERM still stops the server at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthyRequest, LOGIN_HEADERS, trickle } from '../test/slow-clients';
import { cleanUp, login, startServer, waitForReady } from '../test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-slow-clients-'));
afterAll(() => cleanUp(dataDir));

const ENV = {
  REQUEST_HEADERS_TIMEOUT_MS: '2000',
  REQUEST_TIMEOUT_MS: '5000',
  REQUEST_MIN_BYTES_PER_SECOND: '50',
  CONNECTIONS_PER_ADDRESS: '40',
};

describe('slow clients against a real server', { timeout: 300_000 }, () => {
  it('ends every slow connection in bounds while healthy requests are answered', async () => {
    const server = startServer(dataDir, ENV);
    const port = await waitForReady(server);
    const slow = [
      ...Array.from({ length: 15 }, () =>
        trickle(port, { first: 'POST /api/getsecuretoken HTTP/1.1\r\nHost: x\r\n', each: 'X', everyMs: 500 }),
      ),
      ...Array.from({ length: 15 }, () =>
        trickle(port, { first: LOGIN_HEADERS(5000) + 'grant_type=', each: 'a', everyMs: 500 }),
      ),
      // 20 idle sockets: 10 of them beyond the limit of 40 open connections for this address.
      ...Array.from({ length: 20 }, () => trickle(port, { first: '', each: '' })),
    ];
    const healthy: number[] = [];
    const latencies: number[] = [];
    const until = Date.now() + 12_000;
    while (Date.now() < until) {
      const started = Date.now();
      healthy.push(await healthyRequest(port));
      latencies.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const lifetimes = await Promise.all(slow.map((s) => s.closed));
    expect(healthy.length).toBeGreaterThan(20);
    expect(healthy.every((status) => status === 200)).toBe(true);
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    // Headers: 2 s, bodies: the 10 s grace of the minimum rate or the 5 s whole-request bound.
    for (const { ms } of lifetimes) expect(ms).toBeLessThan(8_000);
    // Signing in still works afterwards, from the slow clients' own address too.
    expect((await login(port)).status).toBe(200);

    const stopping = Date.now();
    const more = Array.from({ length: 10 }, () =>
      trickle(port, { first: LOGIN_HEADERS(5000), each: 'a', everyMs: 500 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(15_000);
    for (const s of more) s.stop();
  });
});
