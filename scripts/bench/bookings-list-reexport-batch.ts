// The list and the export filtered by an export batch (`exportBatch=<id>`), which lists every booking
// the batch delivered: those it marked exported, and those it exported again, read from its audit
// entries (bookings.filter.ts). Two batches of the largest
// creditor: the first export of its bookings (about half of them already exported by the fill, so it
// marks half and re-exports half), then the same export again (re-exports all). A third batch marks
// the bookings of three months not exported yet and re-exports none, as most batches do. Beside them
// the creditor filter, which lists the same bookings as the first two. Prints figures only; marks
// bookings exported, so it runs after the list sections.
import http from 'node:http';
import type pg from 'pg';
import { httpRequest } from './http-client';
import { BROWSER_ACCEPT_ENCODING, percentile, type BenchServer } from './support';

const REPEATS = 20;

async function timedList(server: BenchServer, token: string, query: string) {
  const started = performance.now();
  const { status, text } = await httpRequest(`${server.base}/api/transactions?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const ms = performance.now() - started;
  if (status !== 200)
    throw new Error(`GET /api/transactions?${query} answered ${status}: ${text.slice(0, 200)}`);
  return { ms, total: (JSON.parse(text) as { total: number }).total };
}

/** The export of `query` read to its end: time to the first byte, and in all. */
function timedExport(server: BenchServer, token: string, query: string) {
  return new Promise<{ firstByte: number; total: number; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    http
      .get(
        `${server.base}/api/transactions/export?format=csv&${query}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`export ${query}: ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByte = performance.now() - started;
            bytes += chunk.length;
          });
          response.on('end', () => resolve({ firstByte, total: performance.now() - started, bytes }));
          response.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function measureCase(server: BenchServer, token: string, label: string, filter: string) {
  for (const [name, extra] of [
    ['page 1', ''],
    ['page 100', '&page=100'],
    ['page 1000', '&page=1000'],
    ['by debitor name', '&sorting=debitor_name'],
  ] as const) {
    const query = `${filter}${extra}`;
    const first = await timedList(server, token, query);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push((await timedList(server, token, query)).ms);
    console.log(
      `  ${`${label}, ${name}`.padEnd(44)} ${first.total.toLocaleString('en').padStart(8)} ${ms(first.ms)} ` +
        `${ms(percentile(times, 50))} ${ms(percentile(times, 95))}`,
    );
  }
}

/** Exports `query` and prints what its batch marked; resolves with the batch's id. */
async function exportAndPrint(
  server: BenchServer,
  token: string,
  pool: pg.Pool,
  label: string,
  query: string,
) {
  const exported = await timedExport(server, token, query);
  const { rows } = await pool.query<{ id: number; count: number }>(
    `select id, count from export_batches order by id desc limit 1`,
  );
  const batch = rows[0]!;
  console.log(
    `  ${label}: batch ${batch.id}, ${batch.count.toLocaleString('en')} marked, ` +
      `first byte ${ms(exported.firstByte)}, all ${ms(exported.total)}`,
  );
  return batch.id;
}

export async function measureReexportBatch(server: BenchServer, token: string, pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ creditor: number }>(
    `select creditor_number as creditor from transactions group by 1 order by count(*) desc limit 1`,
  );
  const creditor = rows[0]!.creditor;
  console.log(`\nre-export batch filter (admin; the largest creditor ${creditor}; exports by its filter)`);
  const batches: number[] = [];
  for (let i = 1; i <= 2; i++)
    batches.push(
      await exportAndPrint(server, token, pool, `export ${i} of the creditor`, `creditor=${creditor}`),
    );
  // The usual batch: it marks what was not exported yet and re-exports nothing.
  batches.push(
    await exportAndPrint(
      server,
      token,
      pool,
      `export of three months not yet exported`,
      `notExportedOnly=true&invoiceDateFrom=2025-05-02&invoiceDateUntil=2025-07-28`,
    ),
  );
  await pool.query('vacuum analyze transactions');
  for (const batch of batches) {
    const { rows: again } = await pool.query<{ n: number }>(
      `select coalesce(sum(cardinality(transaction_ids)), 0)::int as n from audit_export_entries
        where export_batch_id = $1 and not first_export`,
      [batch],
    );
    console.log(`  batch ${batch} exported ${again[0]!.n.toLocaleString('en')} bookings again`);
  }
  console.log(
    `  ${'case'.padEnd(44)} ${'total'.padStart(8)} ${'first'.padStart(10)} ${'median'.padStart(10)} ${'p95'.padStart(10)}`,
  );
  await measureCase(server, token, `creditor ${creditor}`, `creditor=${creditor}`);
  for (const batch of batches)
    await measureCase(server, token, `export batch ${batch}`, `exportBatch=${batch}`);
  for (const batch of batches) {
    const exported = await timedExport(server, token, `exportBatch=${batch}`);
    console.log(
      `  export by exportBatch=${batch}: first byte ${ms(exported.firstByte)}, all ${ms(exported.total)} ` +
        `(${(exported.bytes / 1e6).toFixed(1)} MB)`,
    );
  }
}
