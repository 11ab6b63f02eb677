// A JSON or form body that stops arriving ends its connection after the idle timeout, the login's
// too (it needs no token); a body that arrives, however slowly its bytes come, is answered.
import http from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../test/test-app';

const IDLE_MS = 1_500;
const t = useTestApp({ uploadIdleTimeoutMs: IDLE_MS });

let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/** Writes `parts` with `pauseMs` between them; resolves with what came back and when the socket closed. */
function send(parts: string[], pauseMs: number): Promise<{ answer: string; closedAfterMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((next) => setTimeout(next, pauseMs));
      }
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      // An answered request is all this client wants.
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }));
  });
}

const login = `grant_type=password&username=${encodeURIComponent(ADMIN_EMAIL)}&password=${encodeURIComponent(TEST_PASSWORD)}`;
const head = (length: number) =>
  'POST /api/getsecuretoken HTTP/1.1\r\nHost: x\r\n' +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

describe('a request body that stops arriving', () => {
  it('ends the connection after the idle timeout, with nothing answered', async () => {
    const { answer, closedAfterMs } = await send([head(login.length + 50), login.slice(0, 10)], 0);
    expect(answer).toBe('');
    expect(closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
    expect(closedAfterMs).toBeLessThan(IDLE_MS * 4);
  });

  it('is answered when its bytes keep coming, each within the timeout', async () => {
    const pieces = [head(login.length), ...(login.match(/.{1,20}/g) ?? [])];
    const { answer } = await send(pieces, IDLE_MS / 3);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('access_token');
  });
});

describe('many requests on one kept-alive connection', () => {
  it('leave no listener behind on its socket', async () => {
    const sockets: net.Socket[] = [];
    const onConnection = (socket: net.Socket) => sockets.push(socket);
    t.app.server.on('connection', onConnection);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    try {
      const statuses = [];
      for (let i = 0; i < 25; i++) statuses.push(await get());
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(sockets).toHaveLength(1);
      // Node's own listener, and none per request.
      expect(sockets[0]!.listenerCount('timeout')).toBeLessThanOrEqual(1);
    } finally {
      agent.destroy();
      t.app.server.off('connection', onConnection);
    }
  });
});
