// The demo data as plain records, computed without a database: master data, users, 24 months of
// bookings up to the current month with the gaps real suppliers leave (late, sporadic, never), empty
// reports, and the monthly export runs that marked the older bookings. A seeded generator makes it
// the same for the same current day, so a demo looks alike everywhere and tests can rely on it.
import { todayIsoDay } from '@lp/domain/dates';
import { TEXT_MAX_LENGTH } from '@lp/domain/limits';
import {
  EMPTY_REPORT_ARTICLE_NUMBER,
  EMPTY_REPORT_DEBITOR_NUMBER,
  EMPTY_REPORT_DELIVERY_LOCATION,
  EMPTY_REPORT_NAME,
} from '@lp/domain/reserved-records';
import {
  ADDITIONAL_INFORMATION,
  DEMO_ARTICLES,
  DEMO_CREDITORS,
  DEMO_INSTITUTIONS,
  DEMO_TOWNS,
  KITA_NAMES,
  SCHOOL_NAMES,
  USER_LOCAL_PARTS,
  type DemoInstitution,
  type DemoTown,
} from './demo-catalogue';

export const DEMO_MONTHS = 24;
export const DEMO_DEBITOR_COUNT = 150;
export const FIRST_CREDITOR_NUMBER = 70001;
export const FIRST_DEBITOR_NUMBER = 10001;
export const FIRST_ARTICLE_NUMBER = 1000;
/** Articles are numbered in steps, as catalogues leave room for later ones. */
const ARTICLE_NUMBER_STEP = 10;

export interface PlannedMasterRecord {
  number: number;
  name: string;
  isActive: boolean;
}
export interface PlannedDebitor extends PlannedMasterRecord {
  street: string;
  zipCode: string;
  city: string;
}
export interface PlannedUser {
  emailAddress: string;
  creditorNumber: number;
  isActive: boolean;
}
export interface PlannedBooking {
  invoiceDate: string;
  invoiceNumber: string;
  /** Two decimals, never zero (except empty reports: '0.00'). */
  net: string;
  debitorNumber: number;
  deliveryLocation: string;
  articleNumber: number;
  additionalInformation: string | null;
  creditorNumber: number;
  creationDate: Date;
  creationUserEmailAddress: string;
  /** Index into exportRuns of the run that exported it; null while not exported. */
  exportRun: number | null;
}
export interface DemoPlan {
  articles: PlannedMasterRecord[];
  creditors: PlannedMasterRecord[];
  debitors: PlannedDebitor[];
  users: PlannedUser[];
  bookings: PlannedBooking[];
  /** When the administrator exported everything not yet exported, oldest first. */
  exportRuns: Date[];
}

/**
 * How a supplier reports. steady: every month; late: the last months are still missing; sporadic:
 * random months missing; seasonal: empty reports in winter and summer; never: no report at all;
 * inactive: stopped half-way and was deactivated; newcomer: joined in the second year.
 */
type Profile = 'showcase' | 'steady' | 'late' | 'sporadic' | 'seasonal' | 'never' | 'inactive' | 'newcomer';

const PROFILES: Record<number, Profile> = {
  0: 'showcase',
  3: 'late',
  7: 'late',
  11: 'late',
  19: 'late',
  26: 'late',
  33: 'late',
  4: 'sporadic',
  9: 'sporadic',
  16: 'sporadic',
  22: 'sporadic',
  29: 'sporadic',
  36: 'sporadic',
  6: 'seasonal',
  14: 'seasonal',
  24: 'seasonal',
  39: 'seasonal',
  21: 'never',
  37: 'never',
  13: 'inactive',
  27: 'inactive',
  34: 'inactive',
  31: 'newcomer',
  38: 'newcomer',
};

/** mulberry32: small, fast and good enough for demo data. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const weighted = <T extends { weight: number }>(list: readonly T[]): T => {
    let r = next() * list.reduce((sum, item) => sum + item.weight, 0);
    for (const item of list) if ((r -= item.weight) < 0) return item;
    return list[list.length - 1]!;
  };
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, weighted, sample };
}
type Random = ReturnType<typeof generator>;

interface Month {
  year: number;
  /** 1–12 */
  month: number;
}
const iso = (m: Month, day: number) =>
  `${m.year}-${String(m.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysIn = (m: Month) => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
function addMonths(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
/** A moment on a calendar day: hour and minute in UTC (German office hours). */
const at = (isoDay: string, hour: number, minute: number) =>
  new Date(`${isoDay}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

function planDebitors(rnd: Random): PlannedDebitor[] {
  const byName = new Set<string>();
  const byAddress = new Set<string>();
  const result: PlannedDebitor[] = [];
  const verwaltung = DEMO_INSTITUTIONS.find((i) => i.kind === 'Verwaltung')!;
  const hanau = DEMO_TOWNS.find((t) => t.name === 'Hanau')!;
  // The picker's hard case first: one town administration in four districts under one name.
  const forced: [DemoTown, DemoInstitution, number][] = [0, 1, 2, 4].map((d) => [hanau, verwaltung, d]);
  while (result.length < DEMO_DEBITOR_COUNT) {
    const next = forced.shift();
    const town = next?.[0] ?? rnd.weighted(DEMO_TOWNS);
    const institution = next?.[1] ?? rnd.weighted(DEMO_INSTITUTIONS);
    const district = town.districts[next?.[2] ?? rnd.int(0, town.districts.length - 1)]!;
    const place = district.name ? `${town.name}-${district.name}` : town.name;
    const name = debitorName(rnd, town, institution, place);
    const street = `${rnd.pick(institution.streets)} ${rnd.int(1, 60)}`;
    const address = `${name}|${street}|${district.zipCode}`;
    // Same-name kinds repeat on purpose (by district); everything else is named once.
    if (byAddress.has(address) || (!institution.sameName && byName.has(name))) continue;
    byName.add(name);
    byAddress.add(address);
    const number = FIRST_DEBITOR_NUMBER + result.length;
    result.push({
      number,
      name,
      street,
      zipCode: district.zipCode,
      city: town.name,
      // A few clients closed or merged; none of the forced same-name records.
      isActive: result.length < 4 || result.length % 25 !== 24,
    });
  }
  return result;
}

function debitorName(rnd: Random, town: DemoTown, institution: DemoInstitution, place: string): string {
  const gemeinde = town.kind === 'Gemeinde';
  switch (institution.kind) {
    case 'Verwaltung':
      return `${gemeinde ? 'Gemeindeverwaltung' : 'Stadtverwaltung'} ${town.name}`;
    case 'Bauhof':
      return `Bauhof ${town.name}`;
    case 'Stadtbibliothek':
      return `${gemeinde ? 'Gemeindebücherei' : 'Stadtbibliothek'} ${town.name}`;
    case 'Kita':
      return `Kita ${rnd.pick(KITA_NAMES)}, ${place}`;
    case 'Feuerwehr':
      return `Freiwillige Feuerwehr ${place}`;
    case 'Hallenbad':
      return `Hallenbad ${place}`;
    default:
      return `${institution.kind} ${rnd.pick(SCHOOL_NAMES)}, ${place}`;
  }
}

/** Invoice number formats of different accounting systems, by creditor. */
function invoiceNumber(creditorIndex: number, month: Month, sequence: number, creditNote: boolean): string {
  const seq = String(sequence).padStart(5, '0');
  const yy = String(month.year).slice(2);
  const base = [
    `RE-${month.year}-${seq}`,
    `${yy}${seq}`,
    `R${String(creditorIndex + 1).padStart(2, '0')}${seq}`,
    `${sequence}/${month.year}`,
  ][creditorIndex % 4]!;
  return creditNote ? `GS-${base}` : base;
}

/** Whether a creditor sends an empty report, bookings or nothing for month index m (0 = oldest). */
function monthState(
  rnd: Random,
  profile: Profile,
  m: number,
  calendarMonth: number,
): 'reported' | 'empty' | 'missing' {
  const last = DEMO_MONTHS - 1;
  const previous = last - 1;
  switch (profile) {
    case 'never':
      return 'missing';
    case 'inactive':
      if (m > 12) return 'missing';
      break;
    case 'newcomer':
      if (m < 16) return 'missing';
      break;
    case 'late':
      if (m >= last - 3 + (rnd.next() < 0.5 ? 1 : 0)) return 'missing';
      break;
    case 'sporadic':
      if (rnd.next() < 0.25) return 'missing';
      break;
    case 'seasonal':
      if ([1, 2, 7, 8].includes(calendarMonth)) return 'empty';
      break;
    case 'showcase':
      if (m === previous || m === last - 8) return 'missing';
      if (m === last - 3 || m === last - 9 || m === last - 15) return 'empty';
      return 'reported';
  }
  if (m === last) return rnd.next() < 0.35 ? 'reported' : 'missing';
  if (m === previous && rnd.next() < 0.2) return 'missing';
  return rnd.next() < 0.05 ? 'empty' : 'reported';
}

export function buildDemoPlan(now: Date = new Date()): DemoPlan {
  const rnd = generator(20260401);
  const today = todayIsoDay(now);
  const current: Month = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const todayDay = Number(today.slice(8, 10));
  // Nothing is created in the last minutes, so that "now" on a slow machine is still after it.
  const latest = new Date(now.getTime() - 10 * 60_000);
  const months = Array.from({ length: DEMO_MONTHS }, (_, i) => addMonths(current, i - DEMO_MONTHS + 1));

  const articles: PlannedMasterRecord[] = DEMO_ARTICLES.map((article, i) => ({
    number: FIRST_ARTICLE_NUMBER + i * ARTICLE_NUMBER_STEP,
    name: article.name,
    // A few articles were taken out of the range.
    isActive: i % 15 !== 14,
  }));
  const debitors = planDebitors(rnd);
  const creditors: PlannedMasterRecord[] = DEMO_CREDITORS.map((creditor, i) => ({
    number: FIRST_CREDITOR_NUMBER + i,
    name: creditor.name,
    isActive: PROFILES[i] !== 'inactive',
  }));
  const users: PlannedUser[] = DEMO_CREDITORS.flatMap((creditor, i) =>
    USER_LOCAL_PARTS.slice(0, i % 3 === 0 ? 2 : 1).map((local) => ({
      emailAddress: `${local}@${creditor.domain}`,
      creditorNumber: FIRST_CREDITOR_NUMBER + i,
      isActive: creditors[i]!.isActive,
    })),
  );

  // The administrator exported on the 8th of each month, from the third month on, up to last month:
  // last month, this month and the late reports are still open.
  const exportRuns = months.slice(2, DEMO_MONTHS - 1).map((m) => at(iso(m, 8), 8, 30));
  const exportRunOf = (created: Date): number | null => {
    const run = exportRuns.findIndex((r) => r > created);
    return run === -1 ? null : run;
  };
  // Only bookings of long-exported months may name master data that has since become inactive:
  // every booking that can still be edited names active records.
  const lastMonthWithInactive = DEMO_MONTHS - 7;

  const bookings: PlannedBooking[] = [];
  DEMO_CREDITORS.forEach((_, c) => {
    const profile = PROFILES[c] ?? 'steady';
    const creditorNumber = FIRST_CREDITOR_NUMBER + c;
    const own = users.filter((u) => u.creditorNumber === creditorNumber);
    const articleRange = rnd.sample(articles, rnd.int(4, 10));
    const clients = rnd.sample(debitors, rnd.int(12, 40));
    const size = rnd.int(2, 12);
    let sequence = rnd.int(100, 4000);
    const creator = () => rnd.pick(own).emailAddress;
    months.forEach((month, m) => {
      const state = monthState(rnd, profile, m, month.month);
      const isCurrent = m === DEMO_MONTHS - 1;
      if (state === 'missing') return;
      if (state === 'empty') {
        if (isCurrent) return; // an empty report comes after the month
        const created = at(iso(addMonths(month, 1), 1), rnd.int(7, 15), rnd.int(0, 59));
        const creationDate = minDate(addDays(created, rnd.int(0, 9)), latest);
        bookings.push({
          invoiceDate: iso(month, 1),
          invoiceNumber: EMPTY_REPORT_NAME,
          net: '0.00',
          debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
          deliveryLocation: EMPTY_REPORT_DELIVERY_LOCATION,
          articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
          additionalInformation: null,
          creditorNumber,
          creationDate,
          creationUserEmailAddress: creator(),
          exportRun: exportRunOf(creationDate),
        });
        return;
      }
      // This month's invoices so far end yesterday; on the 1st there are none yet.
      const lastDay = isCurrent ? todayDay - 1 : daysIn(month);
      if (lastDay < 1) return;
      const invoices = Math.max(1, Math.round(size * (0.6 + rnd.next() * 0.8) * (isCurrent ? 0.4 : 1)));
      const mayBeInactive = m <= lastMonthWithInactive;
      const usableArticles = articleRange.filter((a) => a.isActive || mayBeInactive);
      const usableClients = clients.filter((d) => d.isActive || mayBeInactive);
      for (let i = 0; i < invoices; i++) {
        sequence += rnd.int(1, 9);
        const invoiceDate = iso(month, rnd.int(1, lastDay));
        const creditNote = rnd.next() < 0.015;
        const number = invoiceNumber(c, month, sequence, creditNote);
        const client = rnd.pick(usableClients);
        const creationDate = minDate(at(invoiceDate, rnd.int(6, 15), rnd.int(0, 59)), latest, rnd.int(1, 25));
        const location =
          rnd.next() < 0.8 ? `${client.name}, ${client.street}` : `${client.street}, ${client.city}`;
        const information = rnd.next() < 0.15 ? rnd.pick(ADDITIONAL_INFORMATION) : null;
        const creatorEmail = creator();
        // One invoice, one to three lines: each line another article, so no two lines are duplicates.
        for (const article of rnd.sample(usableArticles, creditNote ? 1 : rnd.int(1, 3))) {
          const catalogue = DEMO_ARTICLES[(article.number - FIRST_ARTICLE_NUMBER) / ARTICLE_NUMBER_STEP]!;
          const quantity = creditNote ? 1 : rnd.int(catalogue.minQuantity, catalogue.maxQuantity);
          const cents = Math.round(quantity * catalogue.unitPrice * 100);
          bookings.push({
            invoiceDate,
            invoiceNumber: number,
            net: ((creditNote ? -cents : cents) / 100).toFixed(2),
            debitorNumber: client.number,
            deliveryLocation: location.slice(0, TEXT_MAX_LENGTH).trim(),
            articleNumber: article.number,
            additionalInformation: creditNote ? 'Gutschrift Retoure' : information,
            creditorNumber,
            creationDate,
            creationUserEmailAddress: creatorEmail,
            exportRun: exportRunOf(creationDate),
          });
        }
      }
    });
  });
  return { articles, creditors, debitors, users, bookings, exportRuns };
}

/** `date` plus `days`, but never after `latest`. */
function minDate(date: Date, latest: Date, days = 0): Date {
  const shifted = addDays(date, days);
  return shifted < latest ? shifted : latest;
}
