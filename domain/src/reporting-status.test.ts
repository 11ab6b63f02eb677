import { describe, expect, it } from 'vitest';
import { REPORTING_STATUS_MESSAGES as M } from './messages';
import {
  currentMonth,
  monthsBetween,
  reportingState,
  reportingStatusQuerySchema,
  shownState,
} from './reporting-status';

const now = () => new Date('2026-03-10T12:00:00Z');
const parse = (query: Record<string, string>) => reportingStatusQuerySchema(now).safeParse(query);

describe('reporting status', () => {
  it.each([
    [0, false, 'missing'],
    [0, true, 'empty'],
    [2, false, 'reported'],
    [1, true, 'reported'], // a booking beside an empty report: reported
  ] as const)('%i bookings, empty report %s → %s', (count, empty, state) => {
    expect(reportingState(count, empty)).toBe(state);
  });

  it('defaults to the twelve months up to and including the current one (German time)', () => {
    expect(parse({}).data).toEqual({ from: '2025-04', until: '2026-03', includeInactive: false });
    // 23:30 UTC on 31 March is already April in Germany.
    expect(currentMonth(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04');
  });

  it('completes a range from one end and takes up to 36 months', () => {
    expect(parse({ from: '2025-01' }).data).toMatchObject({ from: '2025-01', until: '2025-12' });
    expect(parse({ until: '2025-06' }).data).toMatchObject({ from: '2024-07', until: '2025-06' });
    expect(parse({ from: '2023-01', until: '2025-12', includeInactive: 'true' }).data).toEqual({
      from: '2023-01',
      until: '2025-12',
      includeInactive: true,
    });
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });

  it('ends at the current month (German time) at the latest', () => {
    expect(parse({ until: '2026-03' }).data).toMatchObject({ from: '2025-04', until: '2026-03' });
    // Completed from its start, a range stops at the current month instead of running on.
    expect(parse({ from: '2025-11' }).data).toMatchObject({ from: '2025-11', until: '2026-03' });
    // 23:30 UTC on 31 March is already April in Germany: April may be asked for.
    const lateMarch = reportingStatusQuerySchema(() => new Date('2026-03-31T23:30:00Z'));
    expect(lateMarch.safeParse({ until: '2026-04' }).success).toBe(true);
  });

  it.each([
    [{ from: '2025-13' }, M.invalidMonth],
    [{ from: '01.2025' }, M.invalidMonth],
    [{ until: '2025-1' }, M.invalidMonth],
    [{ from: '2025-06', until: '2025-05' }, M.untilBeforeFrom],
    [{ from: '2023-01', until: '2026-01' }, M.rangeTooLong(36)],
    [{ from: '2025-11', until: '2026-04' }, M.monthInFuture],
    [{ until: '2027-01' }, M.monthInFuture],
    [{ from: '2026-04' }, M.monthInFuture],
    [{ includeInactive: 'ja' }, M.invalidFlag],
  ])('refuses %j in German', (query, message) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });
});

describe('shownState', () => {
  it('shows the running month without a report as open, every other state as it is', () => {
    expect(shownState({ month: '2026-11', state: 'missing' }, '2026-11')).toBe('open');
    expect(shownState({ month: '2026-10', state: 'missing' }, '2026-11')).toBe('missing');
    expect(shownState({ month: '2026-11', state: 'reported' }, '2026-11')).toBe('reported');
    expect(shownState({ month: '2026-11', state: 'empty' }, '2026-11')).toBe('empty');
    // A year's last month is over once the next year has begun.
    expect(shownState({ month: '2025-12', state: 'missing' }, '2026-01')).toBe('missing');
  });
});

describe('reportingStatusQuerySchema: the earliest month', () => {
  it('refuses a month before the earliest invoice date as too early, not as badly written', () => {
    const schema = reportingStatusQuerySchema(() => new Date('2026-11-29T12:00:00Z'));
    for (const from of ['1999-12', '0001-01']) {
      const result = schema.safeParse({ from, until: '2000-06' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([M.monthTooEarly('01.2000')]);
    }
    expect(schema.safeParse({ from: '2000-01', until: '2000-06' }).success).toBe(true);
    expect(schema.safeParse({ from: '2000-1' }).error?.issues[0]?.message).toBe(M.invalidMonth);
  });
});
