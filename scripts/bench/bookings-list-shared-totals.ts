// Several servers on one database (decision 0043): a search's first request on a new production server,
// which counts it and stores its totals in list_totals, then on a second new server on the same
// database, which reads them instead of counting, then that server's next request (its memory). Each
// round empties list_totals and starts both servers anew, so that neither holds anything of an earlier
// round. Prints figures only.
import type pg from 'pg';
import { httpRequest } from './http-client';
import { percentile, withServer, type BenchServer } from './support';

const SEARCHES = ['Bestellung', 'Auftrag', 'Grundschule', 'Nord', 'INV-'];
const ROUNDS = 3;

interface Timings {
  total: number;
  counted: number[];
  read: number[];
  next: number[];
}

async function firstPage(server: BenchServer, token: string, searchQuery: string) {
  const query = new URLSearchParams({ searchQuery }).toString();
  const started = performance.now();
  const { status, text } = await httpRequest(`${server.base}/api/transactions?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
  });
  const ms = performance.now() - started;
  if (status !== 200)
    throw new Error(`GET /api/transactions?${query} answered ${status}: ${text.slice(0, 200)}`);
  return { ms, total: (JSON.parse(text) as { total: number }).total };
}

export async function measureSharedTotals(token: string, url: string, pool: pg.Pool): Promise<void> {
  console.log(
    `\nshared totals (admin, page 1, default order): a search's first request on a new server (counted ` +
      `and stored), then on a second new server on the same database (read from list_totals), then that ` +
      `server's next request; median of ${ROUNDS} rounds, list_totals emptied before each`,
  );
  const timings = new Map<string, Timings>(
    SEARCHES.map((search) => [search, { total: 0, counted: [], read: [], next: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    await pool.query('delete from list_totals');
    await withServer(url, async (first) => {
      for (const search of SEARCHES) {
        const counted = await firstPage(first, token, search);
        timings.get(search)!.counted.push(counted.ms);
        timings.get(search)!.total = counted.total;
      }
    });
    await withServer(url, async (second) => {
      for (const search of SEARCHES) {
        timings.get(search)!.read.push((await firstPage(second, token, search)).ms);
        timings.get(search)!.next.push((await firstPage(second, token, search)).ms);
      }
    });
  }
  const head = ['counted', 'read', 'next'].map((h) => h.padStart(10)).join(' ');
  console.log(`  ${'search'.padEnd(16)} ${'matches'.padStart(10)} ${head}`);
  for (const [search, t] of timings)
    console.log(
      `  ${`"${search}"`.padEnd(16)} ${t.total.toLocaleString('en').padStart(10)} ` +
        [t.counted, t.read, t.next].map(median).join(' '),
    );
}

const median = (values: number[]) => `${percentile(values, 50).toFixed(1).padStart(7)} ms`;
