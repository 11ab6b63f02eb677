// Requests the HTTP parser refuses before any route (too large headers, a garbled request): the
// answer is the API's German error format, never Fastify's English one.
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/** Sends raw bytes and reads everything the server writes until it closes the connection. */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) as unknown });
    });
  });
}

const german = (code: string, message: string) => ({ code, errors: [{ property: '', message }] });

describe('requests the HTTP parser refuses', () => {
  it('headers beyond the limit: 431 in German', async () => {
    const answer = await rawRequest(
      `GET /api/transactions HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(answer.body).toEqual(german('HEADERS_TOO_LARGE', MESSAGES.headersTooLarge));
  });

  it.each([
    ['a garbled request line', 'GARBAGE\r\n\r\n'],
    [
      'Content-Length and Transfer-Encoding both',
      'POST /api/transactions HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a Content-Length that is no number',
      'POST /api/transactions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ],
  ])('%s: 400 in German', async (_case, text) => {
    const answer = await rawRequest(text);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(german('MALFORMED_REQUEST', MESSAGES.malformedRequest));
  });

  it('keeps serving afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
