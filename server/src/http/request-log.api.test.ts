import http from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, logAbortedRequests, OneLinePerRequest, requestLogSerializers } from './request-log';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { message: string };
}

async function logOf(send: (app: ReturnType<typeof Fastify>) => Promise<unknown>): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, serializers: requestLogSerializers },
    logController: new OneLinePerRequest(),
  });
  await app.register(logAbortedRequests);
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ok: true };
  });
  app.get('/api/fails', async () => {
    throw new Error('kaputt');
  });
  await app.ready();
  await send(app);
  await app.close();
  return lines;
}

describe('the request log', () => {
  it('writes one line per answered request: method, URL, client, status and time under its id', async () => {
    const lines = await logOf((app) =>
      app.inject({
        url: '/api/ok?page=2',
        headers: { 'x-request-id': 'r-1', authorization: 'Bearer geheim' },
      }),
    );
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ok?page=2', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(line?.responseTime).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('geheim');
  });

  it('masks the values of sensitive query parameters, in answered and aborted requests alike', async () => {
    const lines = await logOf((app) =>
      app.inject({ url: '/api/ok?page=2&access_token=geheim1&Passwort=geheim2&otp=123456' }),
    );
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line?.req?.url).toBe('/api/ok?page=2&access_token=***&Passwort=***&otp=***');
    expect(JSON.stringify(lines)).not.toMatch(/geheim|123456/);
  });

  it.each([
    ['/api/x', '/api/x'],
    ['/api/x?', '/api/x?'],
    ['/api/x?a=1&b', '/api/x?a=1&b'],
    ['/api/x?ACCESS%5FTOKEN=s', '/api/x?ACCESS%5FTOKEN=***'],
    ['/api/x?api_key=s&refresh-token=t&sessionId=u', '/api/x?api_key=***&refresh-token=***&sessionId=***'],
    ['/api/x?%E0%A4%A=s', '/api/x?%E0%A4%A=***'],
  ])('logs %j as %j', (url, expected) => expect(loggedUrl(url)).toBe(expected));

  it('keeps a failed request on its own line with the error and the status it was answered with', async () => {
    const lines = await logOf((app) => app.inject({ url: '/api/fails' }));
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ req: { url: '/api/fails' }, res: { statusCode: 500 } });
    expect(lines.some((line) => line.err?.message === 'kaputt')).toBe(true);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('writes the line of a request whose client left before the answer', async () => {
    const lines = await logOf(async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const request = http.get(`http://127.0.0.1:${port}/api/slow`);
      request.on('error', () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request aborted',
      req: { method: 'GET', url: '/api/slow' },
    });
  });
});
