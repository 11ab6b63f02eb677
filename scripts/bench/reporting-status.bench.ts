// The reporting status at a million bookings and 500 creditors (issue 11: under 200 ms): the bookings
// of bookings-list.bench.ts spread over 500 creditors, plus empty reports for a fifth of the creditors
// in their months without bookings, and gaps; checks the triggers' month totals against the bookings;
// then GET /api/reporting-status over HTTP against the production server for 12 and 36 months, and
// its two SQL statements alone. Prints median and p95.
import { sql } from 'drizzle-orm';
import { addMonths, monthStart } from '@lp/domain/reporting-status';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import {
  aggregateMonths,
  selectCreditors,
} from '../../server/src/modules/reporting-status/reporting-status.repository';
import { fill } from './bookings-fill';
import { httpRequest } from './http-client';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BROWSER_ACCEPT_ENCODING,
  buildServer,
  FIRST_CREDITOR,
  login,
  MASTER_DATA,
  percentile,
  withBenchDatabase,
  withServer,
} from './support';

const CREDITORS = 500;
const RUNS = 20;
/** The bookings' invoice dates run from 2023-11-01 over 36 months (bookings-list.bench.ts). */
const LAST_MONTH = '2026-10';

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One untimed warm-up, then RUNS timed runs; prints median and p95. */
async function time(label: string, body: () => Promise<unknown>): Promise<void> {
  await body();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  console.log(
    `  ${label.padEnd(44)} median ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}`,
  );
}

async function run(): Promise<void> {
  await withBenchDatabase('lp-bench-status-', async ({ url, pool, connection }) => {
    await pool.query(
      `insert into creditors (number, name)
        select ${FIRST_CREDITOR - 1} + g, 'Lieferant ' || g || ' GmbH'
        from generate_series(${MASTER_DATA.creditors + 1}, ${CREDITORS}) g`,
    );
    await fill(pool, CREDITORS);
    // Realistic gaps: every seventh creditor has not reported every fourth month (deleted through the
    // app's triggers, which keep the month totals), and every fifth creditor sent empty reports for
    // its months without bookings.
    const { rowCount: removed } = await pool.query(
      `delete from transactions
        where creditor_number % 7 = 0
          and (creditor_number + extract(month from invoice_date)::int) % 4 = 0`,
    );
    const { rowCount } = await pool.query(
      `insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
         article_number, creditor_number, creation_user_email_address)
       select m::date, 'Leermeldung', 0, ${EMPTY_REPORT_DEBITOR_NUMBER}, '–', ${EMPTY_REPORT_ARTICLE_NUMBER},
         c.number, '${ADMIN_EMAIL}'
       from creditors c cross join generate_series(date '2023-11-01', date '${LAST_MONTH}-01', interval '1 month') m
       where c.number % 5 = 0 and not exists (select from transactions t where t.creditor_number = c.number
         and t.invoice_date >= m::date and t.invoice_date < m::date + interval '1 month')`,
    );
    await pool.query('vacuum analyze transactions, booking_month_totals');
    // The triggers' totals after the deletes and inserts above agree with the bookings themselves.
    const { rows: differing } = await pool.query<{ n: number }>(
      `select count(*)::int as n from (
         select creditor_number, month, bookings, net, empty_reports from booking_month_totals
          where bookings <> 0 or empty_reports <> 0
         except
         select creditor_number, date_trunc('month', invoice_date)::date,
                count(*) filter (where not e), coalesce(sum(net) filter (where not e), 0),
                count(*) filter (where e)
           from (select *, article_number = ${EMPTY_REPORT_ARTICLE_NUMBER}
                   and debitor_number = ${EMPTY_REPORT_DEBITOR_NUMBER} as e from transactions) b
          group by 1, 2) d`,
    );
    if (differing[0]!.n !== 0) throw new Error(`${differing[0]!.n} month totals differ from the bookings`);
    console.log(
      `${CREDITORS} creditors, ${removed ?? 0} bookings removed for gaps, ${rowCount ?? 0} empty reports added`,
    );

    await buildServer();
    await withServer(url, async ({ base }) => {
      const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
      console.log(`\nadmin, all ${CREDITORS} creditors (median / p95 of ${RUNS} runs after one warm-up)`);
      for (const months of [12, 36]) {
        const from = addMonths(LAST_MONTH, 1 - months);
        const path = `/api/reporting-status?from=${from}&until=${LAST_MONTH}`;
        await time(`GET ${months} months (HTTP, JSON parsed)`, async () => {
          const res = await httpRequest(`${base}${path}`, {
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          });
          if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
          const body = JSON.parse(res.text) as { creditors: unknown[] };
          if (body.creditors.length !== CREDITORS) throw new Error(`${body.creditors.length} creditors`);
        });
        await time(`SQL alone, ${months} months`, () =>
          Promise.all([
            selectCreditors(connection.db, { includeInactive: false }),
            aggregateMonths(
              connection.db,
              { includeInactive: false },
              monthStart(from),
              monthStart(addMonths(LAST_MONTH, 1)),
            ),
          ]),
        );
      }
      const { rows } = await connection.db.execute<{ 'QUERY PLAN': string }>(
        sql.raw(`explain (analyze, costs off, timing off, summary on)
          select * from booking_month_totals where month >= date '2025-11-01' and month < date '2026-11-01'`),
      );
      console.log(`\nplan of the 12-month totals:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    });
  });
}

export default { name: 'reporting-status', run };
