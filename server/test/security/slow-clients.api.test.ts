// Slow clients are cut off within bounds while healthy requests are still answered (issue 56):
// trickled headers, a trickled body (anonymous login, the one the attack used), many idle sockets.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { useTestApp } from '../test-app';
import { healthyRequest, LOGIN_HEADERS, trickle } from '../slow-clients';

const limits = {
  headersTimeoutMs: 2_000,
  requestTimeoutMs: 4_000,
  minBytesPerSecond: 50,
  minRateGraceMs: 1_500,
  connectionsPerAddress: 8,
};
const t = useTestApp({ slowClients: limits });
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** Node checks its time bounds once a second; the body rate likewise. */
const SLACK_MS = 2_500;

describe('slow clients', () => {
  it('cuts trickled headers after the headers timeout, answering 408 in German', async () => {
    const slow = trickle(port, {
      first: 'POST /api/getsecuretoken HTTP/1.1\r\nHost: localhost\r\n',
      each: 'X',
    });
    expect(await healthyRequest(port)).toBe(200);
    const { received, ms } = await slow.closed;
    expect(ms).toBeLessThan(limits.headersTimeoutMs + SLACK_MS);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toContain(MESSAGES.requestTimedOut);
  });

  it('cuts a body sent slower than the minimum rate, long before the whole-request bound', async () => {
    // Headers at once, then one byte of the form body every 300 ms (~3 B/s, the minimum is 50).
    const slow = trickle(port, { first: LOGIN_HEADERS(1000) + 'grant_type=pass', each: 'w', everyMs: 300 });
    expect(await healthyRequest(port)).toBe(200);
    const { ms } = await slow.closed;
    expect(ms).toBeGreaterThanOrEqual(limits.minRateGraceMs - 100);
    expect(ms).toBeLessThan(limits.minRateGraceMs + SLACK_MS);
  });

  it('bounds the whole request even when the body keeps the minimum rate', async () => {
    // 60 B every 300 ms = 200 B/s: over the minimum, but the 40 kB body would take 200 s.
    const slow = trickle(port, { first: LOGIN_HEADERS(40_000), each: 'a'.repeat(60), everyMs: 300 });
    const { received, ms } = await slow.closed;
    expect(ms).toBeLessThan(limits.requestTimeoutMs + SLACK_MS);
    expect(received === '' || /^HTTP\/1\.1 408/.test(received)).toBe(true);
  });

  it('holds at most the limit of connections per address, closes idle ones, answers others meanwhile', async () => {
    const idle = Array.from({ length: limits.connectionsPerAddress + 4 }, () =>
      trickle(port, { first: '', each: '' }),
    );
    const lifetimes = idle.map((socket) => socket.closed);
    // Those beyond the limit are closed at once; the others at the headers timeout.
    const early = await Promise.race([
      Promise.all(lifetimes.slice(-4)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_500)),
    ]);
    expect(await healthyRequest(port)).toBe(200);
    const all = await Promise.all(lifetimes);
    const quick = all.filter(({ ms }) => ms < 1_000);
    expect(quick.length).toBeGreaterThanOrEqual(4);
    expect(early === null ? 0 : early.length).toBeLessThanOrEqual(4);
    for (const { ms } of all) expect(ms).toBeLessThan(limits.headersTimeoutMs + SLACK_MS);
    // Once they are gone the address may connect again.
    expect(await healthyRequest(port, '127.0.0.1')).toBe(200);
  });
});
