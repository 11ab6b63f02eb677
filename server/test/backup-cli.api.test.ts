// `npm run backup` / `npm run restore` as an operator runs them (decision 0013): a backup joins the
// cluster of a running server (no second PostgreSQL on its DATA_DIR), a backup with the server stopped
// starts the cluster for the time it needs, a restore fills a new DATA_DIR (or an empty database named
// by DATABASE_URL) and a server started on it lets the same administrator in with the same data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './empty-database';
import { cleanUp, clusterClient, login, startServer, waitForReady } from './server-process';
import { readTableStates } from './table-states';

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-backup-cli-'));
// As root the cluster runs as the user postgres, which must pass through to DATA_DIR (server-process.ts).
fs.chmodSync(work, 0o755);
const source = path.join(work, 'source');
const restored = path.join(work, 'restored');

function runCommand(script: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/backup/${script}-cli.ts`, file], {
    cwd: ROOT,
    env: childEnv,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

async function bookingStates(dataDir: string) {
  const client = await clusterClient(dataDir);
  try {
    const { rows } = await client.query<{ n: number; invoices: string }>(
      `select count(*)::int as n, string_agg(invoice_number, ',' order by id) as invoices from transactions`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await cleanUp(restored);
  await cleanUp(source);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', { timeout: 240_000 }, () => {
  it('backs up a running and a stopped server and restores into a new DATA_DIR and DATABASE_URL', async () => {
    const server = startServer(source);
    await waitForReady(server);
    const client = await clusterClient(source);
    await client.query(`
      insert into creditors (number, name) values (4711, 'Gesichert GmbH');
      insert into articles (number, name) values (815, 'Recyclingpapier');
      insert into debitors (number, name, street, zip_code, city) values (10815, 'Gemeinde', 'Weg 1', '60311', 'Frankfurt');
      insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
                                article_number, creditor_number, creation_user_email_address)
      select date '2026-01-01', 'RE-' || i, 10.5, 10815, 'Lager', 815, 4711, 'a@example.org'
        from generate_series(1, 500) i`);
    await client.end();

    const running = await runCommand('backup', path.join(work, 'running.lpbackup'), { DATA_DIR: source });
    expect(running.output).toMatch(/eingebettete PostgreSQL des laufenden Servers/);
    expect(running.code).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stoppedFile = path.join(work, 'stopped.lpbackup');
    const stopped = await runCommand('backup', stoppedFile, { DATA_DIR: source });
    expect(stopped.output).toMatch(/für diese Sicherung gestartet/);
    expect(stopped.code).toBe(0);
    expect(fs.existsSync(path.join(source, 'server.pid'))).toBe(false); // the cluster was stopped again

    const restore = await runCommand('restore', path.join(work, 'running.lpbackup'), { DATA_DIR: restored });
    expect(restore.output).toMatch(/Wiederherstellung vollständig und geprüft/);
    expect(restore.code).toBe(0);

    const again = startServer(restored);
    const port = await waitForReady(again);
    expect((await login(port)).status).toBe(200);
    const source500 = await bookingStates(restored);
    expect(source500.n).toBe(500);

    const refused = await runCommand('restore', path.join(work, 'running.lpbackup'), { DATA_DIR: restored });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/läuft bereits/);
    again.child.kill('SIGTERM');
    await again.exited;

    const database = await createEmptyDatabase();
    try {
      const intoUrl = await runCommand('restore', stoppedFile, { DATABASE_URL: database.url });
      expect(intoUrl.code).toBe(0);
      const states = await readTableStates(database.url);
      expect(states.transactions!.rows).toBe(500);
      expect(states.users!.rows).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
