// Durability (`npm run test:durability`, not part of test:api: it takes minutes). Real server processes
// on their own DATA_DIR (embedded PostgreSQL) take saves and uploads under load while (a) the Node
// process and (b) the PostgreSQL postmaster are killed with SIGKILL, ten times each; (c) SIGTERM arrives
// with requests in flight. Afterwards every acknowledged write is stored, no upload is stored in part,
// and every restart succeeded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../src/db/server-lock';
import { csvFile, HEADER, multipart } from '../src/modules/upload/upload-test-support';
import {
  cleanUp,
  clusterClient,
  eventually,
  login,
  postmasterPid,
  startServer,
  waitForReady,
  type ServerProcess,
} from '../test/server-process';

const KILLS = 10;
const ROWS_PER_UPLOAD = 300;
const CREDITOR = 4711;
const DEBITOR = 999_998;
const ARTICLE = 1200;
/** Logins per restart would otherwise hit the per-address login limit. */
const SERVER_ENV = { LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-durability-'));
afterAll(() => cleanUp(dataDir));

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

/** What the load was told: acknowledged saves (id and invoice number) and every upload tried. */
const acknowledgedSaves = new Map<number, string>();
/** Rows of every upload tried, by the prefix of its invoice numbers. */
const triedUploads = new Map<string, number>();
/** Answers that must never happen: a 5xx other than 503, or a 200 that stored nothing. */
const anomalies: string[] = [];
const acknowledgedUploads = new Set<string>();
let sequence = 0;

interface Target {
  port: number;
  token: string;
}

async function connectTo(server: ServerProcess): Promise<Target> {
  const port = await waitForReady(server);
  const res = await login(port);
  expect(res.status).toBe(200);
  return { port, token: ((await res.json()) as { access_token: string }).access_token };
}

async function save({ port, token }: Target): Promise<Response> {
  const invoiceNumber = `S-${++sequence}`;
  const res = await fetch(`http://localhost:${port}/api/transactions?checkForDuplicates=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      invoiceDate: '2025-03-05T00:00:00.000Z',
      invoiceNumber,
      net: 12.5,
      debitorId: DEBITOR,
      deliveryLocation: 'Rathaus',
      articleId: ARTICLE,
      additionalInformation: '',
      creditorId: CREDITOR,
    }),
  });
  if (res.status === 200 || res.status === 201) {
    const body = (await res.json()) as { id?: number; errors: unknown[] };
    if (body.id === undefined) anomalies.push(`save answered ${JSON.stringify(body)}`);
    else acknowledgedSaves.set(body.id, invoiceNumber);
  } else await refusal(res);
  return res;
}

async function upload({ port, token }: Target, rows = ROWS_PER_UPLOAD): Promise<Response> {
  const marker = `U-${++sequence}-`;
  triedUploads.set(marker, rows);
  const lines = Array.from({ length: rows }, (_, i) => [
    '05.03.2025',
    `${marker}${i}`,
    String(DEBITOR),
    'Rathaus',
    String(ARTICLE),
    '10,00',
    '',
    String(CREDITOR),
  ]);
  const { payload, headers } = multipart([
    { filename: 'buchungen.csv', content: csvFile([HEADER, ...lines]) },
  ]);
  const res = await fetch(`http://localhost:${port}/api/upload?checkForDuplicates=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(headers as Record<string, string>) },
    body: payload as Buffer,
  });
  if (res.status === 200) {
    const body = (await res.json()) as { count: number; errors: unknown[] };
    if (body.count !== rows) anomalies.push(`upload answered ${JSON.stringify(body).slice(0, 300)}`);
    else acknowledgedUploads.add(marker);
  } else await refusal(res);
  return res;
}

/** 503 (database gone, shutting down) is expected under the kills; anything else is noted. */
async function refusal(res: Response): Promise<void> {
  const text = await res.text();
  if (res.status !== 503) anomalies.push(`${res.status}: ${text.slice(0, 300)}`);
}

/**
 * Saves and uploads from several workers until stopped. Refusals (503 while the database is gone)
 * and broken connections (the process killed) are expected and not acknowledged; they go on.
 */
function load(target: Target) {
  let stopped = false;
  let acknowledged = 0;
  const worker = async (kind: 'save' | 'upload') => {
    while (!stopped) {
      try {
        const res = kind === 'save' ? await save(target) : await upload(target);
        if (res.status === 200) acknowledged++;
        else await delay(50);
      } catch {
        await delay(50); // connection refused or reset: the process is gone or restarting
      }
    }
  };
  const workers = [worker('save'), worker('save'), worker('save'), worker('upload'), worker('upload')];
  return {
    acknowledged: () => acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://localhost:${port}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** The postmaster's pid, once a running one has written its pid file. */
function currentPostmaster(): number | undefined {
  try {
    const pid = postmasterPid(dataDir);
    return isProcessAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function stopGracefully(server: ServerProcess): Promise<void> {
  const pid = postmasterPid(dataDir);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  expect(code, server.output().slice(-4000)).toBe(0);
  expect(isProcessAlive(pid)).toBe(false);
}

describe('durability under SIGKILL and SIGTERM', { timeout: 300_000 }, () => {
  it('prepares the master data', async () => {
    const server = startServer(dataDir, SERVER_ENV);
    await waitForReady(server);
    const client = await clusterClient(dataDir);
    await client.query(`insert into creditors (number, name) values ($1, 'Dauerhaft GmbH')`, [CREDITOR]);
    await client.query(
      `insert into debitors (number, name, street, zip_code, city) values ($1, 'Gemeinde', 'Platz 1', '60311', 'Frankfurt am Main')`,
      [DEBITOR],
    );
    await client.query(`insert into articles (number, name) values ($1, 'Recyclingpapier')`, [ARTICLE]);
    await client.end();
    await stopGracefully(server);
  });

  it(`survives the Node process killed with SIGKILL ${KILLS} times under load`, async () => {
    for (let round = 1; round <= KILLS; round++) {
      const server = startServer(dataDir, SERVER_ENV);
      const target = await connectTo(server); // every restart succeeds (recovering the last one's PostgreSQL)
      const running = load(target);
      await eventually('writes are acknowledged', () => running.acknowledged() >= 2, 20_000);
      await delay(between(100, 800));
      server.child.kill('SIGKILL');
      await server.exited;
      await running.stop();
    }
  });

  it(`survives the postmaster killed with SIGKILL ${KILLS} times under load`, async () => {
    const server = startServer(dataDir, SERVER_ENV);
    const target = await connectTo(server);
    const running = load(target);
    try {
      for (let round = 1; round <= KILLS; round++) {
        const before = running.acknowledged();
        await eventually('writes are acknowledged', () => running.acknowledged() >= before + 2, 20_000);
        await delay(between(100, 800));
        const killed = postmasterPid(dataDir);
        process.kill(killed, 'SIGKILL');
        // The server stays up and restarts its PostgreSQL. (Its old backends may still answer for a
        // moment, so "back" means: a new postmaster, and the API reaches it.)
        await eventually(
          'PostgreSQL is back',
          async () => currentPostmaster() !== killed && (await healthy(target.port)),
          60_000,
        );
        expect(server.child.exitCode).toBeNull();
      }
    } finally {
      await running.stop();
      if (server.child.exitCode === null) await stopGracefully(server);
    }
    expect(server.output()).toMatch(/PostgreSQL unerwartet beendet/);
  });

  it('loses no request in flight at SIGTERM and exits within seconds', async () => {
    const server = startServer(dataDir, SERVER_ENV);
    const target = await connectTo(server);
    const pid = postmasterPid(dataDir);
    // One user may have three uploads in progress; large enough to be running at the signal.
    const inFlight = [
      upload(target, 5_000),
      upload(target, 5_000),
      upload(target, 5_000),
      ...Array.from({ length: 5 }, () => save(target)),
    ];
    await delay(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('keeps every acknowledged write and no upload in part', async () => {
    expect(acknowledgedSaves.size).toBeGreaterThan(KILLS * 2);
    expect(acknowledgedUploads.size).toBeGreaterThan(3);
    const server = startServer(dataDir, SERVER_ENV);
    await waitForReady(server);
    const client = await clusterClient(dataDir);
    try {
      const { rows: saved } = await client.query<{ id: number; invoice_number: string }>(
        `select id, invoice_number from transactions where invoice_number like 'S-%'`,
      );
      const stored = new Map(saved.map((r) => [r.id, r.invoice_number]));
      const lost = [...acknowledgedSaves].filter(([id, number]) => stored.get(id) !== number);
      expect(lost).toEqual([]);

      const { rows: uploaded } = await client.query<{ marker: string; n: number }>(
        `select substring(invoice_number from '^U-[0-9]+-') as marker, count(*)::int as n
           from transactions where invoice_number like 'U-%' group by 1`,
      );
      const counts = new Map(uploaded.map((r) => [r.marker, r.n]));
      const partial = uploaded.filter((r) => r.n !== triedUploads.get(r.marker));
      expect(partial).toEqual([]);
      const missing = [...acknowledgedUploads].filter((marker) => !counts.has(marker));
      expect(missing).toEqual([]);
      expect(anomalies).toEqual([]);
    } finally {
      await client.end();
    }
    await stopGracefully(server);
  });
});
