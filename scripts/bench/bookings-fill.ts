// The million bookings of the list benchmarks: one INSERT … SELECT from generate_series as a bulk load
// (indexes rebuilt afterwards, vacuum analyze), the same rows every run. Shared by the bookings-list
// and reporting-status cases.
import type pg from 'pg';
import { ADMIN_EMAIL, FIRST_ARTICLE, FIRST_CREDITOR, FIRST_DEBITOR, MASTER_DATA, seconds } from './support';

/**
 * How many bookings the fill makes: a million, or what `BENCH_BOOKINGS` says (e.g. 10000000 for the
 * ten-million fill of issue 58; the dates stay three years, so each month holds ten times as many).
 */
export const BOOKINGS = benchBookings(process.env.BENCH_BOOKINGS);

function benchBookings(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1_000_000;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 1_000) throw new Error(`BENCH_BOOKINGS: not a whole number ≥ 1000: ${raw}`);
  return n;
}
/** Three years of invoice dates: FIRST_DAY … FIRST_DAY + DAYS - 1. */
export const FIRST_DAY = '2023-11-01';
export const DAYS = 1_096;
/** Bookings invoiced before FIRST_DAY + EXPORTED_DAYS were exported by the monthly billing (about half). */
export const EXPORTED_DAYS = 548;

const PLACES = [
  'Rathaus',
  'Grundschule',
  'Gymnasium',
  'Kita',
  'Bauhof',
  'Kläranlage',
  'Feuerwehr',
  'Stadtbibliothek',
  'Sporthalle',
  'Bürgerbüro',
  'Schwimmbad',
  'Jugendzentrum',
  'Friedhofsverwaltung',
  'Musikschule',
  'Wertstoffhof',
];
const DISTRICTS = [
  'Nord',
  'Süd',
  'Mitte',
  'Altstadt',
  'Bornheim',
  'Sachsenhausen',
  'Höchst',
  'Bockenheim',
  'Nied',
  'Riedberg',
  'Eschersheim',
  'Fechenheim',
];

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * 1,000,000 bookings in one INSERT … SELECT from generate_series: ~333,000 invoices of 1–5 lines, numbered
 * and stored in invoice-date order (ids grow with time as in real use). Per invoice: a creditor (skewed:
 * the largest has ~7 %, the smallest ~1 %), a debitor, an invoice date, a delivery location (place and
 * district), the creator, and for the older half the monthly export date. Per line: an article (skewed),
 * an amount (log-uniform 1 … 50,000 €, 3 % credit notes) and sometimes an order reference. The bulk load
 * runs without triggers (below), so it copies the master-data names onto the bookings itself, as the
 * app's trigger does for every other write, and computes the per-month totals and the table of
 * delivery locations afterwards (`fill`).
 */
function fillStatement(creditors: number): string {
  const { debitors, articles } = MASTER_DATA;
  const invoices = Math.ceil(BOOKINGS / 3) + 1;
  return `
    insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
      article_number, additional_information, creditor_number, export_date, creation_date,
      creation_user_email_address, version, debitor_name, article_name, creditor_name)
    with drawn as materialized (
      select ${FIRST_CREDITOR} + floor(${creditors} * power(random(), 1.5))::int as creditor,
        ${FIRST_DEBITOR} + floor(${debitors} * random())::int as debitor,
        date '${FIRST_DAY}' + floor(${DAYS} * random())::int as invoice_date,
        (${sqlArray(PLACES)})[1 + floor(${PLACES.length} * random())::int] || ' '
          || (${sqlArray(DISTRICTS)})[1 + floor(${DISTRICTS.length} * random())::int] as location,
        random() as r_created, random() as r_creator
      from generate_series(1, ${invoices}) i
    ), invoices as materialized (
      select row_number() over (order by invoice_date) as n, drawn.* from drawn
    )
    select v.invoice_date,
      case v.creditor % 4
        when 0 then 'RE-' || extract(year from v.invoice_date) || '-' || lpad(v.n::text, 6, '0')
        when 1 then 'R' || (100000000 + v.n)
        when 2 then extract(year from v.invoice_date) || '/' || lpad(v.n::text, 7, '0')
        else 'INV-' || v.creditor || '-' || v.n
      end,
      round((case when l.r_credit < 0.03 then -1 else 1 end * exp(l.r_net * ln(50000)))::numeric, 2),
      v.debitor, v.location, l.article,
      case when l.r_info < 0.25 then 'Bestellung ' || (10000 + floor(l.r_info * 360000)::int)
        when l.r_info < 0.35 then 'Auftrag A-' || floor(l.r_info * 100000)::int end,
      v.creditor,
      case when v.invoice_date < date '${FIRST_DAY}' + ${EXPORTED_DAYS}
        then date_trunc('month', v.invoice_date) + interval '1 month 4 days 9 hours' end,
      v.invoice_date + v.r_created * interval '20 days' + interval '7 hours' + l.line * interval '1 second',
      case when v.r_creator < 0.1 then '${ADMIN_EMAIL}'
        else 'einkauf@lieferant-' || (v.creditor - ${FIRST_CREDITOR - 1}) || '.example' end,
      case when v.invoice_date < date '${FIRST_DAY}' + ${EXPORTED_DAYS} then 2 else 1 end,
      (select name from debitors where number = v.debitor), (select name from articles where number = l.article),
      (select name from creditors where number = v.creditor)
    from invoices v
    cross join lateral (
      select line, ${FIRST_ARTICLE} + floor(${articles} * power(random(), 2))::int as article,
        random() as r_net, random() as r_credit, random() as r_info
      from generate_series(1, 1 + (v.n % 5)::int) line
    ) l
    order by v.n, l.line
    limit ${BOOKINGS}`;
}

/**
 * The fill as a bulk load (also the reporting-status case's, with its 500 creditors inserted first): the secondary indexes are dropped and rebuilt from their own definitions
 * afterwards, and the foreign keys are checked in one query instead of row by row. Then vacuum analyze,
 * which is what autovacuum does to a table that grew over years (statistics, visibility map, hint bits).
 */
export async function fill(pool: pg.Pool, creditors: number = MASTER_DATA.creditors): Promise<void> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'transactions'::regclass
         and not exists (select from pg_constraint k where k.conindid = i.indexrelid)`,
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    await client.query('select setseed(0.2026)'); // the same bookings every run
    await client.query('set session_replication_role = replica'); // no row-by-row foreign key triggers
    let t = performance.now();
    await client.query(fillStatement(creditors));
    const insertMs = performance.now() - t;
    await client.query('set session_replication_role = default');
    t = performance.now();
    // What the skipped triggers keep.
    await client.query('select booking_month_totals_rebuild()');
    await client.query('select booking_debitor_totals_rebuild()');
    await client.query('select booking_exported_month_totals_rebuild()');
    await client.query('select delivery_locations_rebuild()');
    const totalsMs = performance.now() - t;
    t = performance.now();
    const { rows: orphans } = await client.query<{ n: number }>(
      `select count(*)::int as n from transactions t
       where not exists (select from debitors d where d.number = t.debitor_number)
          or not exists (select from articles a where a.number = t.article_number)
          or not exists (select from creditors c where c.number = t.creditor_number)`,
    );
    if (orphans[0]!.n !== 0) throw new Error(`${orphans[0]!.n} bookings without master data`);
    const checkMs = performance.now() - t;
    t = performance.now();
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const { definition } of indexes) await client.query(definition);
    await client.query('reset maintenance_work_mem');
    const indexMs = performance.now() - t;
    t = performance.now();
    await client.query('vacuum (analyze)');
    const vacuumMs = performance.now() - t;
    const totalMs = performance.now() - started;
    const { rows } = await client.query<{
      n: number;
      exported: number;
      invoices: number;
      size: string;
      largest: number;
      smallest: number;
    }>(
      `select count(*)::int as n, count(export_date)::int as exported,
        count(distinct invoice_number)::int as invoices,
        pg_size_pretty(pg_total_relation_size('transactions')) as size,
        (select max(n) from (select count(*)::int n from transactions group by creditor_number) x) as largest,
        (select min(n) from (select count(*)::int n from transactions group by creditor_number) x) as smallest
       from transactions`,
    );
    const r = rows[0]!;
    const en = (n: number) => n.toLocaleString('en');
    console.log(
      `fill: ${en(r.n)} bookings (${en(r.invoices)} invoices, ${en(r.exported)} exported; ` +
        `${en(r.smallest)} … ${en(r.largest)} per creditor), table with indexes ${r.size}`,
    );
    console.log(
      `  in ${seconds(totalMs)}: insert … select ${seconds(insertMs)}, month and debitor totals and locations ${seconds(totalsMs)}, ` +
        `foreign keys checked ${seconds(checkMs)}, ${indexes.length} indexes rebuilt ${seconds(indexMs)}, vacuum analyze ${seconds(vacuumMs)}`,
    );
  } finally {
    await client.query('reset session_replication_role').catch(() => undefined);
    client.release();
  }
}

/** A calendar day as the list's query string carries it. */
export const wireDay = (iso: string) => `${iso}T00:00:00.000Z`;
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
