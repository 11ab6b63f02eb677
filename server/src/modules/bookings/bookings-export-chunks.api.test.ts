// The export reads its rows in chunks (docs/decisions/0018): chunks of 3 rows here, so that a few
// bookings span several of them. Rows, order, marking and audit entries are those of one export of the
// rows as they were when it began, a failure after several chunks takes all of them back, and rows
// changed or exported by someone else meanwhile are read as they are when their chunk is marked.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDate } from '@lp/domain/dates';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { lockWaiters } from '../../../test/lock-waiters';
import { useTestApp } from '../../../test/test-app';
import { exportEntries as storedExportEntries } from '../audit/audit.test-support';
import type { BookingFilter } from './bookings.filter';
import {
  exportBatchesBy,
  exportRecords,
  exportWorld,
  seedInvoicedBookings,
} from './bookings-export.test-support';

const t = useTestApp();
let other: World;
beforeAll(async () => {
  other = await createWorld(t);
});

/** A destination that keeps the file; `rows()`: its records without the header. */
function fileDestination(failAtWrite?: number) {
  const parts: Buffer[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback(parts.length === failAtWrite ? new Error('disk full') : null);
    },
  });
  const rows = () => exportRecords(Buffer.concat(parts)).slice(1);
  return { destination, rows, writes: () => parts.length };
}

async function states(ids: number[]) {
  const { rows } = await t.db.execute<{
    id: number;
    exportDate: string | null;
    batch: number | null;
    version: number;
  }>(
    sql`select id, export_date::text as "exportDate", export_batch_id as batch, version
      from transactions where id = any(${sql.param(ids)}::int[]) order by id`,
  );
  return rows;
}

/** The export entries of `ids` in the audit trail, with whether they record a new export date. */
async function exportEntries(ids: number[]) {
  return storedExportEntries(t, ids);
}

/** Waits until `n` backends of this test's database wait for a lock. */
async function untilLockWaiters(n: number) {
  for (let i = 0; i < 200; i += 1) {
    if ((await lockWaiters(t.pool)) === n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${n} lock waiters not reached`);
}

/** Holds a row lock on `id` in a transaction of its own until `release`. */
async function holdRow(id: number) {
  const blocker = await t.pool.connect();
  await blocker.query('begin');
  await blocker.query('select id from transactions where id = $1 for update', [id]);
  return async () => {
    await blocker.query('rollback');
    blocker.release();
  };
}

describe('an export of more rows than a chunk', () => {
  it('delivers every row once, in the list order across chunk boundaries, marked with one export date', async () => {
    const world = await createWorld(t);
    // Ties in the sort key, decided by the id, fall on chunk boundaries (chunks of 1, 2, 3, 3 rows).
    const days = ['01', '01', '01', '02', '02', '03', '03', '03', '03', '04'];
    const earlier = new Date('2025-01-15T09:00:00.000Z');
    const ids: number[] = [];
    for (const [i, day] of days.entries()) {
      const booking = await createWorldBooking(t.db, world, {
        invoiceDate: `2025-05-${day}`,
        invoiceNumber: `T-${i}`,
        net: `${i}.10`,
        exportDate: i === 2 || i === 7 ? earlier : null,
      });
      ids.push(booking.id);
    }
    const file = fileDestination();
    const by = 'order@test.example';
    const count = await exportWorld(t, world, file.destination, {
      by,
      descending: true,
      chunkRows: { first: 1, max: 3 },
    });

    const list = await t.request(world.adminToken, {
      method: 'GET',
      url: `/api/transactions?creditor=${world.creditorNumber}&sorting=invoice_date_desc`,
    });
    const listed = (list.json() as { items: { invoiceNumber: string }[] }).items.map((b) => b.invoiceNumber);
    expect(listed).toHaveLength(10);
    expect(count).toBe(10);
    expect(file.rows().map((row) => row[1])).toEqual(listed);
    const today = formatLocalDate(new Date());
    expect(file.rows().map((row) => [row[1], row[13]])).toEqual(
      listed.map((number) => [number, number === 'T-2' || number === 'T-7' ? '15.01.2025' : today]),
    );

    const [batch] = await exportBatchesBy(t, by);
    expect(batch).toMatchObject({ count: 10, netSum: '46.00' });
    const after = await states(ids);
    const marked = after.filter((row) => row.batch === batch!.id);
    expect(marked.map((row) => row.id)).toEqual(ids.filter((_, i) => i !== 2 && i !== 7));
    expect(new Set(marked.map((row) => row.exportDate)).size, 'one export date for all chunks').toBe(1);
    expect(marked.every((row) => row.version === 2)).toBe(true);
    const entries = await exportEntries(ids);
    expect(entries).toHaveLength(10);
    expect(entries.filter((entry) => entry.marked).map((entry) => entry.key)).toEqual(
      marked.map((row) => row.id),
    );
  });

  it('records the export of every row exported before, in rows of consecutive ids, and takes it back on failure', async () => {
    const world = await createWorld(t);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const booking = await createWorldBooking(t.db, world, {
        invoiceDate: `2025-04-${String(i + 1).padStart(2, '0')}`,
        exportDate: new Date('2025-01-15T09:00:00.000Z'),
      });
      ids.push(booking.id);
    }
    // Entries of 4 bookings a row: three rows, written at the end.
    const failing = fileDestination(4);
    const failedBy = 'reexport-failed@test.example';
    await expect(exportWorld(t, world, failing.destination, { by: failedBy, auditRows: 4 })).rejects.toThrow(
      'disk full',
    );
    expect(await exportEntries(ids)).toEqual([]);

    const file = fileDestination();
    const by = 'reexport@test.example';
    const count = await exportWorld(t, world, file.destination, { by, auditRows: 4, descending: true });
    expect(count).toBe(10);
    expect(file.rows().map((row) => row[13])).toEqual(ids.map(() => '15.01.2025'));
    expect(await exportEntries(ids)).toEqual(ids.map((key) => ({ key, by, marked: false })));
    // Written in id order whatever the file's order (newest invoice first here), so that
    // each row spans few ids and a booking's history checks few rows (decision 0033).
    const { rows } = await t.pool.query<{ ids: number[] }>(
      `select transaction_ids as ids from audit_export_entries where user_email_address = $1 order by id`,
      [by],
    );
    const sorted = [...ids].sort((a, b) => a - b);
    expect(rows.map((row) => row.ids)).toEqual([sorted.slice(0, 4), sorted.slice(4, 8), sorted.slice(8)]);
  });

  it('takes back every chunk already marked when writing fails after several of them', async () => {
    const { world, ids } = await seedInvoicedBookings(t, 30);
    const file = fileDestination(4);
    const by = 'abort@test.example';
    await expect(exportWorld(t, world, file.destination, { by })).rejects.toThrow('disk full');
    expect(file.writes(), 'three chunks were written before').toBe(4);
    expect((await states(ids)).filter((row) => row.exportDate !== null)).toEqual([]);
    expect(await exportEntries(ids)).toEqual([]);
    expect(await exportBatchesBy(t, by)).toEqual([]);
    expect((await t.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });
});

describe('an export whose destination fails while a statement of it still runs', () => {
  it('ends at once, without waiting for the statement, and marks nothing', async () => {
    const { world, ids } = await seedInvoicedBookings(t, 12);
    // The second chunk's lock waits for this row; the file fails meanwhile (a client that left).
    const held = await holdRow(ids[4]!);
    let released: Promise<void> | undefined;
    const release = () => (released ??= held());
    // Without it an export that waits for its statement would wait for good; 3 s show the wait.
    const timer = setTimeout(() => void release(), 3_000);
    let failed: number | undefined;
    const destination = new Writable({
      write(_chunk: Buffer, _encoding, callback) {
        setTimeout(() => callback(new Error('client gone')), 200);
      },
    });
    const by = 'left@test.example';
    const started = performance.now();
    try {
      await expect(
        exportWorld(t, world, destination, { by }).finally(() => (failed = performance.now() - started)),
      ).rejects.toThrow('client gone');
      expect(failed, 'ms until the export gave up, the lock still held').toBeLessThan(2_000);
    } finally {
      clearTimeout(timer);
      await release();
    }
    let open = -1;
    for (let i = 0; i < 100 && open !== 0; i += 1) {
      const { rows } = await t.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()
          and pid <> pg_backend_pid() and state is not null and state <> 'idle'`,
      );
      open = rows[0]!.n;
      if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(open, 'connections of the export still busy').toBe(0);
    expect((await states(ids)).filter((row) => row.exportDate !== null)).toEqual([]);
    expect(await exportBatchesBy(t, by)).toEqual([]);
  });
});

describe('an export whose transaction the database ends midway', () => {
  it('marks nothing and leaves neither of its two connections behind', async () => {
    const { world, ids } = await seedInvoicedBookings(t, 30);
    const by = 'terminated@test.example';
    const exportBackends = `select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'copy (%'`;
    let writes = 0;
    const destination = new Writable({
      // No buffer: the export waits for each write, so its transaction is still open at the third.
      // With the default 16 kB the whole small file was taken at once, and the export could commit
      // before the termination below found its backend.
      highWaterMark: 1,
      write(_chunk: Buffer, _encoding, callback) {
        writes += 1;
        if (writes !== 3) return callback();
        // The export's transaction is the one backend here that has written (its batch, its marks);
        // the copying connection only reads.
        t.pool
          .query(
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database()
              and pid <> pg_backend_pid() and backend_xid is not null`,
          )
          .then(() => callback(), callback);
      },
    });
    await expect(exportWorld(t, world, destination, { by })).rejects.toThrow();

    expect((await states(ids)).filter((row) => row.exportDate !== null)).toEqual([]);
    expect(await exportBatchesBy(t, by)).toEqual([]);
    let left = -1;
    for (let i = 0; i < 100 && left !== 0; i += 1) {
      left = (await t.pool.query(exportBackends)).rowCount ?? -1;
      if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(left, 'connections of the export still open').toBe(0);
    expect((await t.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });
});

describe('rows that change while an export runs', () => {
  it('reads a row as it is when its chunk is marked, and leaves out one that no longer matches', async () => {
    const { world, ids } = await seedInvoicedBookings(t, 12);
    // The export waits at its third chunk (rows 6–8) while rows of the fourth change.
    const release = await holdRow(ids[6]!);
    const file = fileDestination();
    const by = 'changed@test.example';
    let exporting: Promise<number> | undefined;
    try {
      exporting = exportWorld(t, world, file.destination, { by });
      await untilLockWaiters(1);
      await t.db.execute(sql`update transactions set invoice_number = 'R-9-neu' where id = ${ids[9]!}`);
      await t.db.execute(
        sql`update transactions set creditor_number = ${other.creditorNumber} where id = ${ids[10]!}`,
      );
      const elsewhere = await t.request(world.adminToken, {
        method: 'GET',
        url: `/api/transactions/export-selected?format=csv&items=${ids[11]!}`,
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await release();
    }
    expect(await exporting).toBe(11);

    expect(file.rows().map((row) => row[1])).toEqual([
      ...['R-0', 'R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7', 'R-8'],
      'R-9-neu',
      'R-11',
    ]);
    const [batch] = await exportBatchesBy(t, by);
    const after = await states(ids);
    expect(after.filter((row) => row.batch === batch!.id).map((row) => row.id)).toEqual(ids.slice(0, 10));
    expect(after[10], 'moved to another creditor: not marked').toMatchObject({ exportDate: null });
    // Exported by the other export, which keeps it; this one delivers it again, as a re-export.
    expect(after[11]!.batch).not.toBe(batch!.id);
    expect(after[11]!.version).toBe(2);
    expect((await exportEntries([ids[11]!])).map((entry) => entry.marked)).toEqual([true, false]);
  });

  it("folds finished exports' totals without waiting for a running export's", async () => {
    const { world, ids } = await seedInvoicedBookings(t, 9);
    // The export waits at its third chunk; its first two are marked, their exported totals written
    // to its batch's rows and not yet committed (migration 0032).
    const release = await holdRow(ids[6]!);
    const file = fileDestination();
    let exporting: Promise<number> | undefined;
    try {
      exporting = exportWorld(t, world, file.destination, { by: 'fold@test.example' });
      await untilLockWaiters(1);
      const client = await t.pool.connect();
      try {
        await client.query("set statement_timeout = '3s'");
        await client.query('select booking_exported_month_totals_compact()');
      } finally {
        await client.query('reset statement_timeout');
        client.release();
      }
    } finally {
      await release();
    }
    expect(await exporting).toBe(9);
    const { rows } = await t.pool.query<{ bookings: number; unfolded: number }>(
      `select coalesce(sum(bookings), 0)::int as bookings, count(*) filter (where export_batch <> 0)::int as unfolded
         from booking_exported_month_totals where creditor_number = $1`,
      [world.creditorNumber],
    );
    expect(rows[0]).toEqual({ bookings: 9, unfolded: 0 });
  });

  it.each<{ filter: BookingFilter; second: string; case: string }>([
    { filter: { notExportedOnly: true }, second: 'nothing', case: 'open' },
    { filter: {}, second: 'every row again, with the first export date', case: 'all' },
  ])(
    'marks each row once when two exports of the same rows run at once ($filter): the second delivers $second',
    async ({ filter, case: name }) => {
      const { world, ids } = await seedInvoicedBookings(t, 9);
      const [firstBy, secondBy] = [`first-${name}@test.example`, `second-${name}@test.example`];
      const release = await holdRow(ids[6]!);
      const first = fileDestination();
      const second = fileDestination();
      let exports: Promise<number[]> | undefined;
      try {
        const a = exportWorld(t, world, first.destination, { filter, by: firstBy });
        await untilLockWaiters(1);
        // Its rows 0–5 are locked by the first export, which waits at row 6.
        const b = exportWorld(t, world, second.destination, { filter, by: secondBy });
        await untilLockWaiters(2);
        exports = Promise.all([a, b]);
      } finally {
        await release();
      }
      const [firstCount, secondCount] = await exports!;

      expect(firstCount).toBe(9);
      expect(first.rows().map((row) => row[1])).toEqual(ids.map((_, i) => `R-${i}`));
      const [firstBatch] = await exportBatchesBy(t, firstBy);
      const [secondBatch] = await exportBatchesBy(t, secondBy);
      const after = await states(ids);
      expect(after.every((row) => row.batch === firstBatch!.id && row.version === 2)).toBe(true);
      const entries = await exportEntries(ids);
      expect(entries.filter((entry) => entry.marked).every((entry) => entry.by === firstBy)).toBe(true);
      expect(entries.filter((entry) => entry.marked)).toHaveLength(9);
      if (filter.notExportedOnly) {
        expect(secondCount).toBe(0);
        expect(second.rows()).toEqual([]);
        // An export that delivers nothing leaves no batch.
        expect(secondBatch).toBeUndefined();
      } else {
        expect(secondCount).toBe(9);
        expect(second.rows().map((row) => [row[1], row[13]])).toEqual(
          first.rows().map((row) => [row[1], row[13]]),
        );
        expect(secondBatch).toMatchObject({ count: 9 });
        expect(entries.filter((entry) => entry.by === secondBy && !entry.marked)).toHaveLength(9);
      }
    },
  );
});
