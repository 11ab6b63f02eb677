// A user who sorts while a broad search's first answer is still on its way (docs/performance.md,
// change 62): the search's first page, then, a moment later, the same search in another order. Both
// need the search's totals, which nobody has counted yet. Printed: the second request's time from
// its sending when it reaches the same server and when a load balancer sends it to another server on
// the same database, each with the first request's time, and the second one's alone. Before each
// request the data version is moved on by a statement that changes no booking, so that every count
// starts afresh, as after any save. Prints figures only.
import type pg from 'pg';
import { httpRequest } from './http-client';
import { percentile, withServer, type BenchServer } from './support';

const SEARCHES = ['Bestellung', 'Auftrag'];
/** How long after the first request the second one leaves (ms). */
const GAPS = [30, 150];
const ROUNDS = 5;

async function timedPage(server: BenchServer, token: string, query: URLSearchParams): Promise<number> {
  const started = performance.now();
  const { status, text } = await httpRequest(`${server.base}/api/transactions?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
  });
  if (status !== 200)
    throw new Error(`GET /api/transactions?${query} answered ${status}: ${text.slice(0, 200)}`);
  return performance.now() - started;
}

/** Every statement-level trigger fires for no rows too: a new data version, no booking changed. */
async function newDataVersion(pool: pg.Pool): Promise<void> {
  await pool.query('update transactions set version = version where false');
  // Past the server's session-cache heartbeat and any background read of the request before.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

export async function measureOverlappingRequests(
  server: BenchServer,
  token: string,
  url: string,
  pool: pg.Pool,
): Promise<void> {
  console.log(
    `\noverlapping requests (admin): a search's first page, then the same search by debitor name ` +
      `sent a moment later to the same server or to another one, each on a new data version; median of ` +
      `${ROUNDS} rounds`,
  );
  const columns = ['alone', 'second', 'first', 'other', 'first'];
  console.log(
    `  ${'search'.padEnd(14)} ${'after'.padStart(7)} ${columns.map((c) => c.padStart(10)).join(' ')}`,
  );
  await withServer(url, async (other) => {
    for (const searchQuery of SEARCHES) {
      const first = new URLSearchParams({ searchQuery });
      const second = new URLSearchParams({ searchQuery, sorting: 'debitor_name' });
      for (const gap of GAPS) {
        const alone: number[] = [];
        const pairs = {
          same: { seconds: [] as number[], firsts: [] as number[] },
          other: { seconds: [] as number[], firsts: [] as number[] },
        };
        for (let round = 0; round < ROUNDS; round++) {
          await newDataVersion(pool);
          alone.push(await timedPage(server, token, second));
          for (const [where, secondServer] of [
            ['same', server],
            ['other', other],
          ] as const) {
            await newDataVersion(pool);
            const firstAnswer = timedPage(server, token, first);
            firstAnswer.catch(() => undefined); // awaited below; not unhandled while the gap passes
            await new Promise((resolve) => setTimeout(resolve, gap));
            const secondAnswer = timedPage(secondServer, token, second);
            pairs[where].firsts.push(await firstAnswer);
            pairs[where].seconds.push(await secondAnswer);
          }
        }
        const figures = [
          alone,
          pairs.same.seconds,
          pairs.same.firsts,
          pairs.other.seconds,
          pairs.other.firsts,
        ];
        console.log(
          `  ${`"${searchQuery}"`.padEnd(14)} ${`${gap} ms`.padStart(7)} ${figures.map(median).join(' ')}`,
        );
      }
    }
  });
}

const median = (values: number[]) => `${percentile(values, 50).toFixed(0).padStart(7)} ms`;
