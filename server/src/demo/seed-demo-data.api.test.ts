import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkBookingFields, isEmptyReport, type BookingCandidate } from '@lp/domain/booking.schema';
import { todayIsoDay } from '@lp/domain/dates';
import type { ExportBatch } from '@lp/domain/entities';
import { ADMIN_EMAIL, createTestApp, useTestApp } from '../../test/test-app';
import { createCreditor } from '../../test/factories';
import { validateBookings } from '../modules/bookings/bookings.validation';
import { DEMO_PASSWORD, seedDemoData } from './seed-demo-data';

const t = useTestApp();
const quiet = { info: () => undefined };
const now = new Date();
const today = todayIsoDay(now);

/** Row counts and a fingerprint of every table the demo writes. */
async function tableStates() {
  const { rows } = await t.db.execute<Record<string, string | number>>(sql`select
    (select count(*)::int from creditors) as creditors,
    (select count(*)::int from debitors) as debitors,
    (select count(*)::int from articles) as articles,
    (select count(*)::int from users) as users,
    (select count(*)::int from transactions) as bookings,
    (select count(*)::int from export_batches) as batches,
    (select md5(string_agg(t::text, ',' order by id)) from transactions t) as bookings_md5,
    (select md5(string_agg(u.email_address || u.password_hash, ',' order by id)) from users u) as users_md5`);
  return rows[0]!;
}

interface StoredBooking extends BookingCandidate {
  id: number;
  creditorNumber: number;
  debitorNumber: number;
  articleNumber: number;
  invoiceDate: string;
  net: string;
  creationDate: string;
  exportDate: string | null;
}

let bookings: StoredBooking[];
beforeAll(async () => {
  const result = await seedDemoData(t.db, quiet, { now });
  expect(result.created).toBe(true);
  const { rows } = await t.db.execute<StoredBooking & Record<string, unknown>>(sql`select id,
    invoice_date::text as "invoiceDate", invoice_number as "invoiceNumber", net::text as net,
    debitor_number as "debitorNumber", delivery_location as "deliveryLocation",
    article_number as "articleNumber", additional_information as "additionalInformation",
    creditor_number as "creditorNumber", creation_date::text as "creationDate",
    export_date::text as "exportDate" from transactions order by id`);
  bookings = rows;
});

const month = (isoDay: string) => isoDay.slice(0, 7);

describe('seedDemoData', () => {
  it('creates about 40 creditors with users, 150 debitors, 60 articles and thousands of bookings', async () => {
    const states = await tableStates();
    expect(states.creditors).toBe(40);
    expect(states.debitors).toBe(151); // with the reserved empty-report debitor
    expect(states.articles).toBe(61);
    expect(states.users).toBeGreaterThanOrEqual(41 + 10);
    expect(states.bookings).toBeGreaterThan(3000);
    expect(states.batches).toBeGreaterThan(10);
    const { rows } = await t.db.execute<{ missing: number; inactive: number }>(sql`select
      (select count(*)::int from creditors c where not exists
        (select 1 from users u where u.creditor_number = c.number)) as missing,
      (select count(*)::int from creditors where not is_active)
        + (select count(*)::int from debitors where not is_active)
        + (select count(*)::int from articles where not is_active) as inactive`);
    expect(rows[0]).toMatchObject({ missing: 0 });
    expect(rows[0]!.inactive).toBeGreaterThanOrEqual(3);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await tableStates();
    const second = await seedDemoData(t.db, quiet, { now });
    expect(second.created).toBe(false);
    expect(await tableStates()).toEqual(before);
  });

  it('runs once when two start at the same moment', async () => {
    const other = await createTestApp();
    try {
      const results = await Promise.all([seedDemoData(other.db, quiet), seedDemoData(other.db, quiet)]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      const { rows } = await other.db.execute<{ n: number }>(sql`select count(*)::int as n from creditors`);
      expect(rows[0]!.n).toBe(40);
    } finally {
      await other.close();
    }
  });

  it('leaves a database with real data alone', async () => {
    const other = await createTestApp();
    try {
      await createCreditor(other.db, { number: 4711, name: 'Echter Lieferant GmbH' });
      expect((await seedDemoData(other.db, quiet)).created).toBe(false);
      const { rows } = await other.db.execute<{ n: number; t: number }>(
        sql`select (select count(*)::int from creditors) as n, (select count(*)::int from transactions) as t`,
      );
      expect(rows[0]).toEqual({ n: 1, t: 0 });
    } finally {
      await other.close();
    }
  });

  it('stores only bookings within the domain rules', () => {
    const emptyMonths = new Set<string>();
    for (const b of bookings) {
      const empty = isEmptyReport(b.articleNumber, b.debitorNumber);
      expect(checkBookingFields(b, { today, emptyReport: empty }), String(b.id)).toEqual([]);
      expect(b.invoiceDate <= today).toBe(true);
      expect(new Date(b.creationDate).getTime()).toBeLessThanOrEqual(Date.now());
      if (b.exportDate) expect(new Date(b.exportDate) > new Date(b.creationDate)).toBe(true);
      if (empty) {
        const key = `${b.creditorNumber}|${month(b.invoiceDate)}`;
        expect(b.invoiceDate.endsWith('-01') && !emptyMonths.has(key), key).toBe(true);
        emptyMonths.add(key);
      }
    }
  });

  it('has no possible duplicates and no booking beside an empty report of its month', async () => {
    const { rows } = await t.db.execute<{ duplicates: number; mixed: number }>(sql`select
      (select count(*)::int from (select 1 from transactions group by creditor_number, invoice_number,
        invoice_date, debitor_number, article_number, net having count(*) > 1) d) as duplicates,
      (select count(*)::int from transactions e join transactions b
        on b.creditor_number = e.creditor_number and date_trunc('month', b.invoice_date) = e.invoice_date
        and b.article_number <> 999
        where e.article_number = 999 and e.debitor_number = 999999) as mixed`);
    expect(rows[0]).toEqual({ duplicates: 0, mixed: 0 });
  });

  it('passes the server validation for every booking that can still be edited', async () => {
    const open = bookings.filter((b) => !b.exportDate && !isEmptyReport(b.articleNumber, b.debitorNumber));
    expect(open.length).toBeGreaterThan(50);
    const admin = {
      id: 1,
      emailAddress: ADMIN_EMAIL,
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
      tokenVersion: 1,
      secondFactor: false,
    };
    const result = await validateBookings(t.db, open, { checkForDuplicates: false, user: admin, today });
    expect(result.errors.flat()).toEqual([]);
  });

  it('leaves gaps: a creditor missing a month, one with an empty month, one that never reports', async () => {
    const { rows } = await t.db.execute<{
      number: number;
      reported: number;
      empty: number;
      missingLast: boolean;
    }>(sql`
      select c.number,
        count(distinct date_trunc('month', t.invoice_date)) filter (where t.article_number <> 999)::int as reported,
        count(*) filter (where t.article_number = 999)::int as empty,
        not bool_or(t.invoice_date >= date_trunc('month', now() - interval '1 month')
          and t.invoice_date < date_trunc('month', now())) is true as "missingLast"
      from creditors c left join transactions t on t.creditor_number = c.number
      where c.is_active group by c.number`);
    expect(rows.some((r) => r.reported === 0 && r.empty === 0)).toBe(true);
    expect(rows.some((r) => r.reported > 0 && r.missingLast)).toBe(true);
    expect(rows.some((r) => r.empty > 0)).toBe(true);
    expect(rows.some((r) => r.reported > 0 && r.reported < 24)).toBe(true);
  });

  it('marks older months exported through export batches the Exporte screen lists and delivers again', async () => {
    const { rows } = await t.db.execute<{ unbatched: number; mismatched: number; oldOpen: number }>(sql`select
      (select count(*)::int from transactions where (export_date is null) <> (export_batch_id is null)) as unbatched,
      (select count(*)::int from export_batches b where b.count <> (select count(*) from transactions t
        where t.export_batch_id = b.id) or b.net_sum <> (select sum(net) from transactions t
        where t.export_batch_id = b.id)) as mismatched,
      (select count(*)::int from transactions where export_date is null
        and invoice_date < date_trunc('month', now() - interval '4 months')) as "oldOpen"`);
    expect(rows[0]).toEqual({ unbatched: 0, mismatched: 0, oldOpen: 0 });
    // The exported month totals equal the bookings, folded as after a real export (migration 0032).
    const { rows: totals } = await t.db.execute<{ unfolded: number; differing: number }>(sql`select
      (select count(*)::int from booking_exported_month_totals where export_batch <> 0) as unfolded,
      (select count(*)::int from (
        select creditor_number, month, bookings, net from booking_exported_month_totals
        except select creditor_number, date_trunc('month', invoice_date)::date, count(*)::int, sum(net)
          from transactions where export_date is not null group by 1, 2) d) as differing`);
    expect(totals[0]).toEqual({ unfolded: 0, differing: 0 });

    const token = await t.login(ADMIN_EMAIL);
    const list = await t.request(token, { method: 'GET', url: '/api/exports' });
    expect(list.statusCode, list.body).toBe(200);
    const batches = list.json<ExportBatch[]>();
    expect(batches.length).toBeGreaterThan(10);
    const oldest = batches[batches.length - 1]!;
    const file = await t.request(token, { method: 'GET', url: `/api/exports/${oldest.id}/file` });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload.toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(oldest.count + 1);
  });

  it('lets a supplier log in with the demo password and see only its own bookings', async () => {
    const { rows } = await t.db.execute<{
      email: string;
      creditor: number;
    }>(sql`select email_address as email,
      creditor_number as creditor from users where creditor_number = 70001 and is_active order by id limit 1`);
    const token = await t.login(rows[0]!.email, DEMO_PASSWORD);
    const res = await t.request(token, { method: 'GET', url: '/api/transactions?page=1' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ total: number; items: { creditorId: number }[] }>();
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((b) => b.creditorId === 70001)).toBe(true);
  });
});
