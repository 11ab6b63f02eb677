// What an attacker (or an unlucky operator) does to the running process: PostgreSQL killed under
// it, SIGTERM while uploads travel. Real server processes on their own DATA_DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { isProcessAlive } from '../src/db/server-lock';
import { HEADER, multipart } from '../src/modules/upload/upload-test-support';
import {
  cleanUp,
  clusterClient,
  eventually,
  login,
  postmasterPid,
  startServer,
  waitForReady,
} from './server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-failures-'));
afterAll(() => cleanUp(dataDir));

const uploadBody = () =>
  multipart([
    {
      filename: 'buchungen.csv',
      content: `${HEADER.join(';')}\r\n15.01.2026;RE-1;999998;Rathaus;1200;10,00;;4711\r\n`,
    },
  ]);

async function token(port: number): Promise<string> {
  const res = await login(port);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const unavailable = {
  code: 'DATABASE_UNAVAILABLE',
  errors: [{ property: '', message: MESSAGES.databaseUnavailable }],
};

describe('PostgreSQL killed under the running server', { timeout: 120_000 }, () => {
  it('keeps the process up, answers German 503s while the database is gone and recovers', async () => {
    const server = startServer(dataDir);
    const port = await waitForReady(server);
    const bearer = { authorization: `Bearer ${await token(port)}` };

    // An upload waits for the bookings table inside its transaction: a pool client is checked out.
    const holder: pg.Client = await clusterClient(dataDir);
    holder.on('error', () => undefined);
    await holder.query('begin');
    await holder.query('lock table transactions in access exclusive mode');
    const { payload, headers } = uploadBody();
    const upload = fetch(`http://localhost:${port}/api/upload`, {
      method: 'POST',
      headers: { ...bearer, ...(headers as Record<string, string>) },
      body: payload as Buffer,
    });
    await eventually('the upload waits for the lock', async () => {
      const waiting = await holder.query(
        `select 1 from pg_locks where relation = 'transactions'::regclass and not granted`,
      );
      return waiting.rowCount === 1;
    });

    process.kill(postmasterPid(dataDir), 'SIGKILL');

    const uploadAnswer = await upload;
    expect(uploadAnswer.status).toBe(503);
    expect(await uploadAnswer.json()).toEqual(unavailable);
    const articles = await fetch(`http://localhost:${port}/api/articles`, { headers: bearer });
    expect(articles.status).toBe(503);
    expect(await articles.json()).toEqual(unavailable);
    const loginAnswer = await login(port);
    expect(loginAnswer.status).toBe(503);
    expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    // The server restarts its PostgreSQL; the pool's fresh connections find it.
    await eventually('health is back', async () => {
      const res = await fetch(`http://localhost:${port}/api/health`);
      return res.status === 200;
    });
    expect(server.output()).toMatch(/PostgreSQL unerwartet beendet/);
    // The operator finds each refused request on one line, with its URL and status (request-log.ts).
    expect(server.output()).toMatch(
      /"req":\{"method":"GET","url":"\/api\/articles".*"res":\{"statusCode":503\}.*"request completed"/,
    );
    expect(server.output()).not.toMatch(/incoming request/);
    expect((await fetch(`http://localhost:${port}/api/articles`, { headers: bearer })).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

/** One HTTP/1.1 connection written by hand, so a test decides when each byte travels. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, closed, received: () => received };
}

function uploadHead(authorization: string, body: ReturnType<typeof uploadBody>): string {
  const type = (body.headers as Record<string, string>)['content-type'];
  return (
    'POST /api/upload?checkForDuplicates=false HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
    `Authorization: ${authorization}\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${(body.payload as Buffer).length}\r\n\r\n`
  );
}

describe('SIGTERM while uploads are in flight', { timeout: 120_000 }, () => {
  it('finishes them, refuses what comes after in German, closes every connection and stops PostgreSQL', async () => {
    const server = startServer(dataDir);
    const port = await waitForReady(server);
    const authorization = `Bearer ${await token(port)}`;
    const pid = postmasterPid(dataDir);

    // A: a slow upload on a keep-alive connection and nothing after it.
    // B: a slow upload with a second request pipelined behind it.
    const a = rawConnection(port);
    const b = rawConnection(port);
    const body = uploadBody();
    const payload = body.payload as Buffer;
    const half = Math.floor(payload.length / 2);
    for (const { socket } of [a, b]) socket.write(uploadHead(authorization, body));
    for (const { socket } of [a, b]) socket.write(payload.subarray(0, half));
    await new Promise((r) => setTimeout(r, 300));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 700));
    expect(server.child.exitCode).toBeNull();
    a.socket.write(payload.subarray(half));
    b.socket.write(
      Buffer.concat([
        payload.subarray(half),
        Buffer.from('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      ]),
    );

    await Promise.all([a.closed, b.closed]);
    const code = await server.exited;
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(code).toBe(0);
    expect(isProcessAlive(pid)).toBe(false);

    expect(a.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(a.received()).toMatch(/"errors":/);
    const [first, second] = b.received().split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'SHUTTING_DOWN',
      errors: [{ property: '', message: MESSAGES.shuttingDown }],
    });
  });
});

describe('no PostgreSQL outlives the server', { timeout: 120_000 }, () => {
  it('stops it when the start fails after the database is up (port taken)', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const server = startServer(dataDir, { PORT: String(taken), HOST: '127.0.0.1' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/Port \d+ kann nicht geöffnet werden/);
      expect(server.output()).toMatch(/Eingebettete PostgreSQL läuft/);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('stops it on SIGTERM during start-up', async () => {
    const server = startServer(dataDir);
    await eventually('PostgreSQL is up', () => /Eingebettete PostgreSQL läuft/.test(server.output()));
    server.child.kill('SIGTERM');
    await server.exited;
    await eventually(
      'PostgreSQL has shut down',
      () => !fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')),
    );
  });

  it('tells it to shut down when the process dies of an uncaught error', async () => {
    const script =
      `import { startEmbeddedPostgres } from './server/src/db/embedded-postgres.ts';\n` +
      `const log = { info: console.log, warn: console.log, debug: () => undefined };\n` +
      `await startEmbeddedPostgres(${JSON.stringify(dataDir)}, log);\n` +
      `console.log('started');\n` +
      `setTimeout(() => { throw new Error('boom'); }, 10);\n`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toMatch(/started/);
    expect(out).toMatch(/boom/);
    expect(code).not.toBe(0);
    await eventually(
      'PostgreSQL has shut down',
      () => !fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')),
    );
  });
});

describe('the port of the embedded PostgreSQL', { timeout: 120_000 }, () => {
  it('is picked anew when the one picked is taken before PostgreSQL listens on it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    const picked: number[] = [];
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (m: string) => warnings.push(m),
      error: () => undefined,
      debug: () => undefined,
    };
    try {
      // The first port handed out is already someone else's by the time PostgreSQL binds it.
      const embedded = await startEmbeddedPostgres(dataDir, log, {
        pickPort: async () => {
          const port = picked.length === 0 ? taken : await otherFreePort();
          picked.push(port);
          return port;
        },
      });
      try {
        expect(picked).toHaveLength(2);
        expect(new URL(embedded.url).port).toBe(String(picked[1]));
        expect(warnings.join('\n')).toMatch(new RegExp(`Port ${taken} wurde belegt`));
        const client = new pg.Client({ connectionString: embedded.url });
        await client.connect();
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      } finally {
        await embedded.stop();
      }
    } finally {
      blocker.close();
    }
  });
});

async function otherFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
