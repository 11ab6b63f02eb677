import { describe, expect, it } from 'vitest';
import { checkBookingFields, isEmptyReport } from '@lp/domain/booking.schema';
import { todayIsoDay } from '@lp/domain/dates';
import { buildDemoPlan, DEMO_MONTHS } from './demo-plan';

const now = new Date('2026-11-22T21:30:00Z');
const plan = buildDemoPlan(now);
const today = todayIsoDay(now);
const month = (isoDay: string) => isoDay.slice(0, 7);
const months = Array.from({ length: DEMO_MONTHS }, (_, i) => {
  const d = new Date(Date.UTC(2026, 10 - (DEMO_MONTHS - 1) + i, 1));
  return d.toISOString().slice(0, 7);
});

/** creditor number → month → 'reported' | 'empty' (missing months are absent). */
function statesByCreditor() {
  const states = new Map<number, Map<string, 'reported' | 'empty'>>();
  for (const b of plan.bookings) {
    const own = states.get(b.creditorNumber) ?? new Map<string, 'reported' | 'empty'>();
    states.set(b.creditorNumber, own);
    const empty = isEmptyReport(b.articleNumber, b.debitorNumber);
    if (!empty || !own.has(month(b.invoiceDate))) own.set(month(b.invoiceDate), empty ? 'empty' : 'reported');
  }
  return states;
}

describe('demo plan', () => {
  it('is the same for the same day (seeded generator)', () => {
    expect(buildDemoPlan(now)).toEqual(plan);
  });

  it('has about the specified amounts of master data, some of it inactive', () => {
    expect(plan.creditors).toHaveLength(40);
    expect(plan.debitors).toHaveLength(150);
    expect(plan.articles).toHaveLength(60);
    for (const list of [plan.creditors, plan.debitors, plan.articles]) {
      const inactive = list.filter((r) => !r.isActive).length;
      expect(inactive).toBeGreaterThan(0);
      expect(inactive).toBeLessThan(list.length / 10);
      expect(new Set(list.map((r) => r.number)).size).toBe(list.length);
    }
    const perCreditor = new Map<number, number>();
    for (const u of plan.users)
      perCreditor.set(u.creditorNumber, (perCreditor.get(u.creditorNumber) ?? 0) + 1);
    expect(perCreditor.size).toBe(40);
    expect([...perCreditor.values()].every((n) => n === 1 || n === 2)).toBe(true);
    expect(plan.bookings.length).toBeGreaterThan(3000);
    expect(plan.bookings.length).toBeLessThan(20_000);
  });

  it('has same-name debitors that only their addresses tell apart', () => {
    const hanau = plan.debitors.filter((d) => d.name === 'Stadtverwaltung Hanau');
    expect(hanau.length).toBeGreaterThanOrEqual(4);
    const addresses = new Set(plan.debitors.map((d) => `${d.name}|${d.street}|${d.zipCode}|${d.city}`));
    expect(addresses.size).toBe(plan.debitors.length);
  });

  it('keeps every booking within the domain rules', () => {
    const articles = new Map(plan.articles.map((a) => [a.number, a]));
    const debitors = new Map(plan.debitors.map((d) => [d.number, d]));
    const creditors = new Map(plan.creditors.map((c) => [c.number, c]));
    const keys = new Set<string>();
    const emptyMonths = new Set<string>();
    for (const b of plan.bookings) {
      const empty = isEmptyReport(b.articleNumber, b.debitorNumber);
      expect(checkBookingFields(b, { today, emptyReport: empty }), JSON.stringify(b)).toEqual([]);
      expect(b.net).toMatch(/^-?\d+\.\d{2}$/);
      expect(b.invoiceDate <= today).toBe(true);
      expect(b.creationDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(b.creationDate.toISOString().slice(0, 10) >= b.invoiceDate).toBe(true);
      expect(creditors.has(b.creditorNumber)).toBe(true);
      if (empty) {
        expect(b.invoiceDate.endsWith('-01')).toBe(true);
        const key = `${b.creditorNumber}|${month(b.invoiceDate)}`;
        expect(emptyMonths.has(key), key).toBe(false);
        emptyMonths.add(key);
        continue;
      }
      const key = JSON.stringify([
        b.creditorNumber,
        b.invoiceNumber,
        b.invoiceDate,
        b.debitorNumber,
        b.articleNumber,
        b.net,
      ]);
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
      // What can still be edited names active records; inactive ones only in exported bookings.
      if (b.exportRun === null) {
        expect(articles.get(b.articleNumber)!.isActive).toBe(true);
        expect(debitors.get(b.debitorNumber)!.isActive).toBe(true);
        expect(creditors.get(b.creditorNumber)!.isActive).toBe(true);
      } else {
        expect(articles.has(b.articleNumber) && debitors.has(b.debitorNumber)).toBe(true);
        expect(plan.exportRuns[b.exportRun]!.getTime()).toBeGreaterThan(b.creationDate.getTime());
      }
    }
  });

  it('spans 24 months up to the current one, with gaps, empty reports and exported months', () => {
    const invoiceMonths = new Set(plan.bookings.map((b) => month(b.invoiceDate)));
    expect([...invoiceMonths].sort()).toEqual(months);
    const states = statesByCreditor();
    const reporting = plan.creditors.filter((c) => states.has(c.number));
    // A few never report at all.
    expect(plan.creditors.length - reporting.length).toBeGreaterThanOrEqual(1);
    const previous = months[DEMO_MONTHS - 2]!;
    const active = plan.creditors.filter((c) => c.isActive && states.has(c.number));
    expect(active.some((c) => !states.get(c.number)!.has(previous))).toBe(true);
    expect(active.some((c) => [...states.get(c.number)!.values()].includes('empty'))).toBe(true);
    // Most creditors reported most months: the gaps are gaps.
    const reportedPrevious = active.filter((c) => states.get(c.number)!.has(previous)).length;
    expect(reportedPrevious / active.length).toBeGreaterThan(0.5);
    // The oldest months are wholly exported, the last two not at all.
    const exported = (m: string) => plan.bookings.filter((b) => month(b.invoiceDate) === m);
    expect(exported(months[0]!).every((b) => b.exportRun !== null)).toBe(true);
    expect(exported(months[DEMO_MONTHS - 1]!).every((b) => b.exportRun === null)).toBe(true);
    expect(exported(previous).some((b) => b.exportRun === null)).toBe(true);
  });

  it('never dates anything after now, also early on the first of a month', () => {
    const early = new Date('2026-12-01T00:03:00+01:00');
    for (const b of buildDemoPlan(early).bookings) {
      expect(b.invoiceDate <= todayIsoDay(early)).toBe(true);
      expect(b.creationDate.getTime()).toBeLessThan(early.getTime());
    }
  });
});
