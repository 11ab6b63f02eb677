// GET /api/reporting-status and its export against hand-built data: each state, an empty report next
// to a booking, month boundaries, inactive creditors, the reserved records, the roles and bad ranges.
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { REPORTING_STATUS_MESSAGES as M, MESSAGES } from '@lp/domain/messages';
import { addMonths, currentMonth, type ReportingStatus } from '@lp/domain/reporting-status';
import { loadExcelJs } from '../../lib/exceljs';
import {
  createCreditor,
  createUser,
  createWorld,
  createWorldBooking,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let w: World;
let quiet: number;
let inactive: number;
let supplierWithoutCreditor: string;

const emptyReport = (month: string) => ({
  invoiceDate: `${month}-01`,
  net: '0.00',
  debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
  articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
  deliveryLocation: '–',
});

beforeAll(async () => {
  w = await createWorld(t);
  // 2025-01: two bookings on the month's last day → reported, 2 bookings, 150.25.
  await createWorldBooking(t.db, w, { invoiceDate: '2025-01-31', net: '100.00' });
  await createWorldBooking(t.db, w, { invoiceDate: '2025-01-31', net: '50.25' });
  // 2025-02: a booking on the first day and an empty report → still reported, empty report not counted.
  await createWorldBooking(t.db, w, { invoiceDate: '2025-02-01', net: '-20.00' });
  await createWorldBooking(t.db, w, emptyReport('2025-02'));
  // 2025-03: only an empty report → empty. 2025-04: nothing → missing.
  await createWorldBooking(t.db, w, emptyReport('2025-03'));
  // Outside the range: not counted anywhere.
  await createWorldBooking(t.db, w, { invoiceDate: '2024-12-31', net: '999.00' });
  await createWorldBooking(t.db, w, { invoiceDate: '2025-05-01', net: '999.00' });
  quiet = (await createCreditor(t.db)).number;
  inactive = (await createCreditor(t.db, { isActive: false })).number;
  const orphan = await createUser(t.db, { creditorNumber: null });
  supplierWithoutCreditor = await t.login(orphan.emailAddress);
});

const get = (token: string | undefined, query = '') =>
  t.request(token, { method: 'GET', url: `/api/reporting-status${query}` });
const status = async (token: string, query: string) => {
  const res = await get(token, query);
  expect(res.statusCode).toBe(200);
  return res.json() as ReportingStatus;
};
const RANGE = '?from=2025-01&until=2025-04';

describe('GET /api/reporting-status', () => {
  it('needs a token (401)', async () => {
    expect((await get(undefined, RANGE)).statusCode).toBe(401);
  });

  it('tells each month’s state with the bookings’ count and net sum', async () => {
    const answer = await status(w.adminToken, RANGE);
    expect(answer.months).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    const mine = answer.creditors.find((c) => c.number === w.creditorNumber)!;
    expect(mine).toMatchObject({ name: w.creditorName, isActive: true });
    expect(mine.lastTransactionCreationDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(mine.months).toEqual([
      { month: '2025-01', state: 'reported', count: 2, net: 150.25 },
      { month: '2025-02', state: 'reported', count: 1, net: -20 },
      { month: '2025-03', state: 'empty', count: 0, net: 0 },
      { month: '2025-04', state: 'missing', count: 0, net: 0 },
    ]);
    const none = answer.creditors.find((c) => c.number === quiet)!;
    expect(none.lastTransactionCreationDate).toBeNull();
    expect(none.months.map((m) => m.state)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });

  it('lists creditors by number, inactive ones only on request, never a reserved record', async () => {
    const active = await status(w.adminToken, RANGE);
    const numbers = active.creditors.map((c) => c.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers).not.toContain(inactive);
    expect(active.creditors.every((c) => c.isActive)).toBe(true);
    const all = await status(w.adminToken, `${RANGE}&includeInactive=true`);
    expect(all.creditors.find((c) => c.number === inactive)).toMatchObject({ isActive: false });
    for (const c of all.creditors) {
      expect([EMPTY_REPORT_DEBITOR_NUMBER, EMPTY_REPORT_ARTICLE_NUMBER]).not.toContain(c.number);
    }
  });

  it('gives a supplier exactly its own creditor, whatever it asks for', async () => {
    const answer = await status(w.supplierToken, `${RANGE}&includeInactive=true`);
    expect(answer.creditors.map((c) => c.number)).toEqual([w.creditorNumber]);
    expect(answer.creditors[0]!.months[0]).toEqual({
      month: '2025-01',
      state: 'reported',
      count: 2,
      net: 150.25,
    });
    expect((await status(supplierWithoutCreditor, RANGE)).creditors).toEqual([]);
  });

  it('shows the twelve months up to and including the current one by default', async () => {
    const answer = await status(w.adminToken, '');
    expect(answer.months).toHaveLength(12);
    expect(answer.months.at(-1)).toBe(currentMonth());
  });

  it('takes the current month as the last one (German time)', async () => {
    const now = currentMonth();
    const answer = await status(w.adminToken, `?from=${addMonths(now, -1)}&until=${now}`);
    expect(answer.months).toEqual([addMonths(now, -1), now]);
  });

  // A month that has not begun has no state yet; as "missing" it would be chased by the urgency e-mail.
  const next = addMonths(currentMonth(), 1);
  it.each([
    ['an end after the current month', `?from=${currentMonth()}&until=${next}`, 'until', M.monthInFuture],
    ['a start after the current month', `?from=${next}`, 'from', M.monthInFuture],
    ['a month that is no month', '?from=2025-13', 'from', M.invalidMonth],
    ['a German month', '?until=03.2025', 'until', M.invalidMonth],
    ['a month given twice', '?from=2025-01&from=2025-02', 'from', M.invalidMonth],
    ['an end given twice', '?until=2025-01&until=2025-02', 'until', M.invalidMonth],
    ['until before from', '?from=2025-05&until=2025-04', 'until', M.untilBeforeFrom],
    ['more than 36 months', '?from=2022-01&until=2025-01', 'until', M.rangeTooLong(36)],
    ['a flag that is no flag', '?includeInactive=ja', 'includeInactive', M.invalidFlag],
  ])('answers %s with a German 400', async (_case, query, property, message) => {
    const res = await get(w.adminToken, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });
});

describe('GET /api/reporting-status/export', () => {
  it('refuses suppliers (403)', async () => {
    const res = await t.request(w.supplierToken, {
      method: 'GET',
      url: `/api/reporting-status/export${RANGE}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      errors: [{ property: '', message: MESSAGES.forbidden }],
    });
  });

  it('gives admins the matrix as a dated workbook: states, counts and net sums', async () => {
    const res = await t.request(w.adminToken, { method: 'GET', url: `/api/reporting-status/export${RANGE}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Meldestatus_\d{4}-\d\d-\d\d\.xlsx/);
    const { Workbook } = await loadExcelJs();
    const workbook = new Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rowOf = (sheet: string) => {
      const ws = workbook.getWorksheet(sheet)!;
      expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Kreditornummer',
        'Name',
        'Aktiv',
        'Letzte Buchung/Meldung',
        '01.2025',
        '02.2025',
        '03.2025',
        '04.2025',
      ]);
      let found: unknown[] = [];
      ws.eachRow((row) => {
        if (row.getCell(1).value === w.creditorNumber) found = (row.values as unknown[]).slice(5);
      });
      return found;
    };
    expect(rowOf('Meldestatus')).toEqual(['gemeldet', 'gemeldet', 'Leermeldung', 'fehlt']);
    expect(rowOf('Anzahl Buchungen')).toEqual([2, 1, 0, 0]);
    expect(rowOf('Nettosummen')).toEqual([150.25, -20, 0, 0]);
    // The net sums are amounts: shown 1.234,56, still numbers (issue 55).
    const net = workbook.getWorksheet('Nettosummen')!;
    for (let col = 5; col <= 8; col += 1) expect(net.getRow(2).getCell(col).numFmt).toBe('#,##0.00');
  });

  it('writes the running month without a report as "läuft noch" in the workbook, as the screen shows it', async () => {
    const month = currentMonth();
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: `/api/reporting-status/export?from=${addMonths(month, -1)}&until=${month}`,
    });
    const { Workbook } = await loadExcelJs();
    const workbook = new Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    let states: unknown[] = [];
    workbook.getWorksheet('Meldestatus')!.eachRow((row) => {
      if (row.getCell(1).value === w.creditorNumber) states = (row.values as unknown[]).slice(5);
    });
    // The test creditor has no booking in the last two months (its bookings are of 2025).
    expect(states).toEqual(['fehlt', 'läuft noch']);
  });

  it('answers an end after the current month with a German 400', async () => {
    const next = addMonths(currentMonth(), 1);
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: `/api/reporting-status/export?from=${currentMonth()}&until=${next}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ property: 'until', message: M.monthInFuture });
  });
});
