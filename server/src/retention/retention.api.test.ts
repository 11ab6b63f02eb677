// Retention (decision 0086): bookings invoiced before a date ten years back are archived with their
// audit rows in the backup format, verified, audited as deleted and removed in one transaction; a dry
// run changes nothing; what cannot be archived is not removed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, END_OF_ROWS, parseBackupLine } from '../backup/backup-format';
import { recordCreated } from '../modules/audit/audit.recorder';
import { createWorld, createWorldBooking, type World } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { latestRetentionCutoff, RETENTION_ACTOR, RetentionRefused, runRetention } from './retention';

const t = useTestApp();
let w: World;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-retention-'));
const archivePath = () => path.join(dir, `archive-${crypto.randomBytes(4).toString('hex')}.lpbackup`);
const TODAY = '2026-12-01';

async function oldAndNew(old: number, recent: number) {
  const oldIds: number[] = [];
  for (let i = 0; i < old; i++)
    oldIds.push((await createWorldBooking(t.db, w, { invoiceDate: `2014-0${1 + (i % 9)}-15` })).id);
  const newIds: number[] = [];
  for (let i = 0; i < recent; i++)
    newIds.push((await createWorldBooking(t.db, w, { invoiceDate: '2016-01-01' })).id);
  await recordCreated(t.db, { emailAddress: w.supplierEmail }, 'booking', [...oldIds, ...newIds]);
  return { oldIds, newIds };
}

const existing = async (ids: number[]) =>
  (
    await t.pool.query<{ id: number }>('select id from transactions where id = any($1::int[]) order by id', [
      ids,
    ])
  ).rows.map((r) => r.id);

/** The archive's tables as rows of text, read as the backup format is. */
async function readArchive(file: string) {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()) });
  const tables: Record<string, string[]> = {};
  let current: string | undefined;
  let header: unknown;
  let trailer: unknown;
  for await (const line of lines) {
    if (current !== undefined) {
      if (line === END_OF_ROWS) current = undefined;
      else tables[current]!.push(line);
      continue;
    }
    const parsed = parseBackupLine(line);
    if (parsed.kind === 'header') header = parsed;
    else if (parsed.kind === 'table') tables[(current = parsed.name)] = [];
    else trailer = parsed;
  }
  return {
    header: header as { format: string },
    trailer: trailer as { tables: Record<string, { rows: number }> },
    tables,
  };
}

beforeAll(async () => {
  w = await createWorld(t);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run retention', () => {
  it('accepts only dates at least ten years back, counted from the end of the calendar year', async () => {
    expect(latestRetentionCutoff(TODAY)).toBe('2016-01-01');
    await expect(
      runRetention(t.databaseUrl, { before: '2016-01-02', apply: false, today: TODAY }),
    ).rejects.toThrow(RetentionRefused);
    await expect(
      runRetention(t.databaseUrl, { before: '2015-02-30', apply: false, today: TODAY }),
    ).rejects.toThrow(/ist kein Datum/);
    await expect(
      runRetention(t.databaseUrl, { before: '2015-01-01', apply: true, today: TODAY }),
    ).rejects.toThrow(/braucht --archive/);
  });

  it('only reports in a dry run', async () => {
    const { oldIds } = await oldAndNew(2, 1);
    const summary = await runRetention(t.databaseUrl, { before: '2016-01-01', apply: false, today: TODAY });
    expect(summary.bookings).toBeGreaterThanOrEqual(2);
    expect(summary.removed).toBe(0);
    expect(await existing(oldIds)).toEqual(oldIds);
  });

  it('archives the old bookings with their audit rows, records their deletion and removes them', async () => {
    const { oldIds, newIds } = await oldAndNew(3, 2);
    // One of them exported: its export entry goes into the archive too.
    const exported = await t.request(w.adminToken, {
      method: 'GET',
      url: `/api/transactions/export-selected?format=csv&items=${oldIds[1]!}`,
    });
    expect(exported.statusCode).toBe(200);
    const exportAudit = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from audit_export_entries where transaction_ids && $1::int[]',
      [oldIds],
    );
    const before = (await t.pool.query<{ n: number }>('select count(*)::int as n from transactions')).rows[0]!
      .n;
    const file = archivePath();
    const summary = await runRetention(t.databaseUrl, {
      before: '2016-01-01',
      archive: file,
      apply: true,
      today: TODAY,
    });
    const removed = summary.removed;
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await existing(oldIds)).toEqual([]);
    expect(await existing(newIds)).toEqual(newIds);
    const after = (await t.pool.query<{ n: number }>('select count(*)::int as n from transactions')).rows[0]!
      .n;
    expect(after).toBe(before - removed);

    const archive = await readArchive(file);
    expect(archive.header.format).toBe(BACKUP_FORMAT);
    expect(archive.tables.transactions).toHaveLength(removed);
    const archivedIds = archive.tables.transactions!.map((row) => Number(row.split('\t')[0]));
    expect(archivedIds).toEqual(expect.arrayContaining(oldIds));
    expect(archivedIds).not.toEqual(expect.arrayContaining([newIds[0]]));
    // Each archived booking's create entry, and no entry of a booking kept.
    expect(archive.tables.audit_entries!.length).toBe(summary.auditEntries);
    expect(summary.auditEntries).toBeGreaterThanOrEqual(3);
    expect(exportAudit.rows[0]!.n).toBeGreaterThanOrEqual(1);
    expect(archive.tables.audit_export_entries).toHaveLength(exportAudit.rows[0]!.n);
    expect(archive.trailer.tables.transactions!.rows).toBe(removed);

    // The removal is in the audit trail, by booking, with the booking's last values.
    const admin = t.login;
    const token = await admin('admin@test.example');
    const history = await t.request(token, {
      method: 'GET',
      url: `/api/audit?entity=transaction&id=${oldIds[0]}`,
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json() as {
      action: string;
      userEmailAddress: string;
      changes: Record<string, unknown>;
    }[];
    expect(entries[0]).toMatchObject({ action: 'delete', userEmailAddress: RETENTION_ACTOR });
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    // The list no longer shows them.
    const list = await t.request(token, {
      method: 'GET',
      url: `/api/transactions?creditorNumber=${w.creditorNumber}`,
    });
    expect((list.json() as { items: { id: number }[] }).items.map((b) => b.id)).not.toContain(oldIds[0]);
  });

  it('removes nothing when the archive cannot be written, and never overwrites one', async () => {
    const { oldIds } = await oldAndNew(1, 0);
    const unwritable = path.join(dir, 'a-file');
    fs.writeFileSync(unwritable, '');
    await expect(
      runRetention(t.databaseUrl, {
        before: '2016-01-01',
        archive: path.join(unwritable, 'archive.lpbackup'),
        apply: true,
        today: TODAY,
      }),
    ).rejects.toThrow();
    expect(await existing(oldIds)).toEqual(oldIds);

    const taken = archivePath();
    fs.writeFileSync(taken, 'an earlier archive');
    await expect(
      runRetention(t.databaseUrl, { before: '2016-01-01', archive: taken, apply: true, today: TODAY }),
    ).rejects.toThrow(/nie überschrieben/);
    expect(fs.readFileSync(taken, 'utf8')).toBe('an earlier archive');
    expect(await existing(oldIds)).toEqual(oldIds);
  });

  it('is a command: dry run by default', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/src/retention/retention-cli.ts', '--before', '2010-01-01'],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
      },
    );
    expect(run.stdout).toMatch(/Probelauf: nichts archiviert oder entfernt/);
  });
});
