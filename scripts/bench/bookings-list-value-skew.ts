// A list's first page right after first pages of the same filter with very different values: the rarest
// values of a filter after its most common ones and the reverse (debitor, article, creditor, export
// batch, a day against two years of invoice dates, one invoice number against "er"), each in three
// orders, as the admin and as the supplier of the largest creditor. Every run of a shape on one
// connection, as one server's pool would serve a busy day's requests; next to each, the same page on a
// fresh connection. A first page goes as a statement prepared once per connection (decision 0035): if
// PostgreSQL planned it once for all values after five runs, a page would be read by a plan made for
// other values (decision 0036 found 10–20× slower pages so). Prints figures only.
import { bookingListQuerySchema } from '@lp/domain/booking-list-query';
import { connect, type Db } from '../../server/src/db/connection';
import type { SessionUser } from '../../server/src/modules/auth/session-user';
import { listBookings } from '../../server/src/modules/bookings/bookings.service';
import { percentile, sessionCheck } from './support';

/** The orders of each filter: the default, a name and a number. */
const ORDERS = ['invoice_date_desc', 'debitor_name', 'net_desc'];
/** Values of the other end run before the timed ones: more than PostgreSQL's five custom plans. */
const TRAINING_VALUES = 8;
/** Timed runs per page, after one that counts its totals. */
const RUNS = 5;
/** A page is reported when it took this much longer than on a fresh connection, and at least SLOW_MS. */
const SLOWER_FACTOR = 2;
const SLOW_MS = 20;

type Params = Record<string, string>;
interface Kind {
  name: string;
  rare: Params[];
  common: Params[];
}

interface Result {
  label: string;
  afterOthersMs: number;
  freshMs: number;
}

export async function measureValueSkew(
  url: string,
  db: Db,
  tokens: { admin: string; supplier: string },
): Promise<void> {
  for (const role of ['admin', 'supplier'] as const) {
    const user = await sessionCheck(db, tokens[role])();
    const results: Result[] = [];
    for (const kind of await kindsOf(db, user))
      for (const sorting of ORDERS) {
        results.push(
          ...(await afterOthers(url, user, kind, sorting, kind.rare, kind.common, 'rare → common')),
        );
        results.push(
          ...(await afterOthers(url, user, kind, sorting, kind.common, kind.rare, 'common → rare')),
        );
      }
    printResults(role, results);
  }
}

/** The first pages of `timed` after those of `before`, on one connection, and each on a fresh one. */
async function afterOthers(
  url: string,
  user: SessionUser,
  kind: Kind,
  sorting: string,
  before: Params[],
  timed: Params[],
  direction: string,
): Promise<Result[]> {
  const used = connect(url, 1);
  const results: Result[] = [];
  try {
    for (const params of before.slice(0, TRAINING_VALUES)) await firstPageMs(used.db, user, params, sorting);
    for (const params of timed.slice(0, 2)) {
      const afterOthersMs = await firstPageMs(used.db, user, params, sorting);
      const fresh = connect(url, 1);
      try {
        const freshMs = await firstPageMs(fresh.db, user, params, sorting);
        results.push({
          label: `${kind.name} ${Object.values(params).join('…')}, ${sorting}, ${direction}`,
          afterOthersMs,
          freshMs,
        });
      } finally {
        await fresh.close();
      }
    }
  } finally {
    await used.close();
  }
  return results;
}

async function firstPageMs(db: Db, user: SessionUser, params: Params, sorting: string): Promise<number> {
  const query = bookingListQuerySchema.parse({ ...params, sorting, page: '1' });
  await listBookings(db, user, query, query.sorting, 1); // counts the filter's totals once
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await listBookings(db, user, query, query.sorting, 1);
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

/** Each filter's rarest and most common values among the bookings the user sees. */
async function kindsOf(db: Db, user: SessionUser): Promise<Kind[]> {
  const own = user.creditorNumber === null ? 'true' : `creditor_number = ${user.creditorNumber}`;
  const byCount = async (column: string, param: string, where = own) => {
    const { rows } = await db.$client.query<{ value: string }>(
      `select ${column}::text as value from transactions where ${where} group by 1 order by count(*), 1`,
    );
    const values = rows.map((row) => ({ [param]: row.value }));
    return { rare: values.slice(0, TRAINING_VALUES), common: values.slice(-TRAINING_VALUES).reverse() };
  };
  const kinds: Kind[] = [
    { name: 'debitor', ...(await byCount('debitor_number', 'debitor')) },
    { name: 'article', ...(await byCount('article_number', 'article')) },
  ];
  if (user.isAdmin) kinds.push({ name: 'creditor', ...(await byCount('creditor_number', 'creditor')) });
  const batches = await byCount('export_batch_id', 'exportBatch', `${own} and export_batch_id is not null`);
  if (batches.rare.length >= 2) kinds.push({ name: 'export batch', ...batches });
  const { rows: days } = await db.$client.query<{ day: string; next: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day, to_char(d + 730, 'YYYY-MM-DD') as next
     from (select distinct invoice_date as d from transactions where ${own} order by 1 limit ${TRAINING_VALUES}) days`,
  );
  const wireDay = (day: string) => `${day}T00:00:00.000Z`;
  kinds.push({
    name: 'dates',
    rare: days.map(({ day }) => ({ invoiceDateFrom: wireDay(day), invoiceDateUntil: wireDay(day) })),
    common: days.map(({ day, next }) => ({ invoiceDateFrom: wireDay(day), invoiceDateUntil: wireDay(next) })),
  });
  const { rows: invoices } = await db.$client.query<{ invoiceNumber: string }>(
    `select invoice_number as "invoiceNumber" from transactions where ${own}
     order by id limit ${TRAINING_VALUES} offset 1000`,
  );
  kinds.push({
    name: 'search',
    rare: invoices.map(({ invoiceNumber }) => ({ searchQuery: invoiceNumber })),
    common: ['er', 'Stadt', 'Schule', 'ein', 'str', 'an', 'Kita', 'amt'].map((term) => ({
      searchQuery: term,
    })),
  });
  return kinds;
}

function printResults(role: string, results: Result[]): void {
  const slower = results.filter(
    (r) => r.afterOthersMs > SLOWER_FACTOR * r.freshMs && r.afterOthersMs > SLOW_MS,
  );
  const ratios = results.map((r) => r.afterOthersMs / r.freshMs);
  console.log(
    `\n${role}, first pages after ${TRAINING_VALUES} of the filter's other end (in process, median of ${RUNS}): ` +
      `${results.length} pages, ${slower.length} more than ${SLOWER_FACTOR}× and ${SLOW_MS} ms slower than on a fresh ` +
      `connection; ratio median ${percentile(ratios, 50).toFixed(2)}×, max ${Math.max(...ratios).toFixed(2)}×; ` +
      `the slowest after others:`,
  );
  const sorted = [...results].sort((a, b) => b.afterOthersMs - a.afterOthersMs);
  for (const r of sorted.slice(0, Math.max(8, slower.length)))
    console.log(
      `  ${r.label.slice(0, 78).padEnd(78)} ${r.afterOthersMs.toFixed(1).padStart(7)} ms  fresh ${r.freshMs
        .toFixed(1)
        .padStart(7)} ms`,
    );
}
