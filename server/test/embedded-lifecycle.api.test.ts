// Crash safety of the embedded mode, with real server processes: a second start on the same DATA_DIR
// is refused, a SIGKILLed server's PostgreSQL is recovered on the next start without losing committed
// data, and SIGTERM shuts everything down cleanly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../src/db/server-lock';
import { availableMemory, sharedBuffersMb } from '../src/db/shared-buffers';
import { cleanUp, clusterClient, eventually, startServer, waitForReady } from './server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-lifecycle-'));

afterAll(() => cleanUp(dataDir));

describe('embedded PostgreSQL lifecycle', { timeout: 120_000 }, () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const first = startServer(dataDir);
    const port = await waitForReady(first);
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/läuft bereits ein Lieferantenportal-Server/);
    // the first one is unharmed
    expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('recovers after the server is killed with SIGKILL and keeps committed data', async () => {
    const first = startServer(dataDir);
    await waitForReady(first);
    const client = await clusterClient(dataDir);
    await client.query(`insert into creditors (number, name) values (4711, 'Vor dem Absturz GmbH')`);
    await client.end();
    const postmasterPid = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    first.child.kill('SIGKILL');
    await first.exited;
    expect(isProcessAlive(postmasterPid)).toBe(true); // the orphaned PostgreSQL still holds the cluster

    const second = startServer(dataDir);
    const port = await waitForReady(second);
    expect(second.output()).toMatch(/Übrig gebliebene PostgreSQL/);
    expect(isProcessAlive(postmasterPid)).toBe(false);
    const check = await clusterClient(dataDir);
    const rows = await check.query(`select name from creditors where number = 4711`);
    // Its buffer cache sized to the machine, not PostgreSQL's default (shared-buffers.ts).
    const buffers = await check.query<{ shared_buffers: string }>('show shared_buffers');
    await check.end();
    expect(rows.rows).toEqual([{ name: 'Vor dem Absturz GmbH' }]);
    expect(buffers.rows[0]?.shared_buffers).toBe(formatMb(sharedBuffersMb(availableMemory())));
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

describe('embedded PostgreSQL buffer cache', { timeout: 120_000 }, () => {
  it('has the blocks read before a restart cached again after it, before anything reads them', async () => {
    const first = startServer(dataDir);
    await waitForReady(first);
    const before = await clusterClient(dataDir);
    await before.query('create extension if not exists pg_buffercache');
    // A table the server never reads: only the cache's own restore can bring it back.
    await before.query(
      'create table prewarm_probe as select g as n, repeat($$x$$, 200) as t from generate_series(1, 20000) g',
    );
    await before.query('select count(*) from prewarm_probe');
    expect(await cachedBlocks(before, 'prewarm_probe')).toBeGreaterThan(400);
    await before.end();
    first.child.kill('SIGTERM'); // PostgreSQL's fast shutdown: autoprewarm writes its block list
    expect(await first.exited).toBe(0);

    const second = startServer(dataDir);
    await waitForReady(second);
    const after = await clusterClient(dataDir);
    try {
      await eventually(
        'the probe table back in the buffer cache',
        async () => (await cachedBlocks(after, 'prewarm_probe')) > 400,
        20_000,
      );
    } finally {
      await after.end();
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

/** How many of `table`'s blocks PostgreSQL's shared buffers hold. */
async function cachedBlocks(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_buffercache b
      where b.reldatabase = (select oid from pg_database where datname = current_database())
        and b.relfilenode = pg_relation_filenode($1::regclass)`,
    [table],
  );
  return rows[0]?.n ?? 0;
}

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

/** A size in MB as PostgreSQL shows it: whole gigabytes in GB. */
const formatMb = (mb: number) => (mb % 1024 === 0 ? `${mb / 1024}GB` : `${mb}MB`);
