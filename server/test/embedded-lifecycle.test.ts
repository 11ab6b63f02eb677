// Crash safety of the embedded mode, with real server processes: a second start on the same DATA_DIR
// is refused, a SIGKILLed server's PostgreSQL is recovered on the next start without losing committed
// data, and SIGTERM shuts everything down cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../src/db/server-lock';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-lifecycle-'));
const running = new Set<ChildProcess>();

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  port?: number;
}

function startServer(directory = dataDir): Server {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: directory, PORT: '0', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  env.ADMIN_EMAIL = 'admin@lifecycle.example';
  env.ADMIN_PASSWORD = 'Lifecycle-Passwort-1';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env });
  running.add(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => out, exited };
}

async function waitForReady(server: Server): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /ready at http:\/\/localhost:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

/** Connects to the embedded cluster the way an operator would: port from postmaster.pid. */
async function clusterClient(): Promise<pg.Client> {
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'lieferantenportal',
  });
  await client.connect();
  return client;
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isProcessAlive(pid)) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 1000));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', { timeout: 120_000 }, () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const first = startServer();
    const port = await waitForReady(first);
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already running on DATA_DIR/);
    // the first one is unharmed
    expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('recovers after the server is killed with SIGKILL and keeps committed data', async () => {
    const first = startServer();
    await waitForReady(first);
    const client = await clusterClient();
    await client.query(`insert into creditors (number, name) values (4711, 'Vor dem Absturz GmbH')`);
    await client.end();
    const postmasterPid = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    first.child.kill('SIGKILL');
    await first.exited;
    expect(isProcessAlive(postmasterPid)).toBe(true); // the orphaned PostgreSQL still holds the cluster

    const second = startServer();
    const port = await waitForReady(second);
    expect(second.output()).toMatch(/leftover PostgreSQL/);
    expect(isProcessAlive(postmasterPid)).toBe(false);
    const check = await clusterClient();
    const rows = await check.query(`select name from creditors where number = 4711`);
    await check.end();
    expect(rows.rows).toEqual([{ name: 'Vor dem Absturz GmbH' }]);
    const login = await fetch(`http://localhost:${port}/api/getsecuretoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=admin%40lifecycle.example&password=Lifecycle-Passwort-1',
    });
    expect(login.status).toBe(200);

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});

describe('embedded PostgreSQL as root', { timeout: 120_000 }, () => {
  it.skipIf(process.getuid?.() !== 0)(
    'keeps the cluster where the postgres user can reach it when DATA_DIR sits in a private directory',
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-private-')); // mode 0700, like /root
      const privateDataDir = path.join(parent, 'data');
      const server = startServer(privateDataDir);
      try {
        const port = await waitForReady(server);
        expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(200);
        const location = fs.readFileSync(path.join(privateDataDir, 'postgres.location'), 'utf8').trim();
        expect(location.startsWith('/var/lib/lieferantenportal/')).toBe(true);
        expect(fs.existsSync(path.join(location, 'PG_VERSION'))).toBe(true);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        fs.rmSync(location, { recursive: true, force: true });
      } finally {
        server.child.kill('SIGKILL');
        fs.rmSync(parent, { recursive: true, force: true });
      }
    },
  );
});
