// The SQL the bookings list and its export send, committed as one `.sql` file per representative
// request (this folder), so that a change of a page plan, the search, the totals, the kept ids or the
// export's statements shows in review as a diff of what is sent. Each case is a request of
// GET /api/transactions (its query string, read by the route's own schema) by the admin or a
// supplier, with the number of matches the bench's million gives it (docs/performance.md); the
// statements are rendered by drizzle's dialect, as `pg` receives them, from the same functions and in
// the same order as bookings.service.ts listBookings composes them (a change of that order belongs
// here too). Nothing runs against PostgreSQL: the handle below records each statement and answers the
// rows a case declares (none for a page).
//
//   npx vitest run --project server server/src/modules/bookings/queries   fails on any difference
//   UPDATE_SQL_SNAPSHOTS=1 npx vitest run --project server server/src/modules/bookings/queries
//                                                                        rewrites the files
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { format } from 'sql-formatter';
import { describe, expect, it } from 'vitest';
import { bookingFilterQuerySchema, bookingListQuerySchema, pickFilter } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import { bookingScope } from '@lp/domain/policies';
import type { Db } from '../../../db/connection';
import { bookingOrderBy, bookingSort, bookingWhere, walkScope, type BookingFilter } from '../bookings.filter';
import { exportCopy, importSnapshot, lockChunk, markChunk } from '../bookings.export-sql';
import { matchRangeKey, walkScopeInRange, type MatchRange } from '../bookings.match-range';
import { selectBookingPage, selectOrderedMatchIds, selectPageOfIds } from '../bookings.list-sql';
import {
  keepsMatchIds,
  listOrder,
  listShape,
  matchesInIdOrder,
  pageRead,
  readsMatchIdsAfter,
} from '../bookings.page-plan';
import { findSearchMatches, type SearchMatches } from '../bookings.search';
import { sharedCount } from '../bookings.shared-totals';
import { totalsKey } from '../bookings.totals-cache';
import { selectBookingTotals, selectWholeCreditorTotals } from '../bookings.totals-sql';

const FOLDER = import.meta.dirname;
const UPDATE = process.env.UPDATE_SQL_SNAPSHOTS === '1';
/** The bench's largest creditor (74,449 of the million's bookings), whose supplier the cases use. */
const SUPPLIER_CREDITOR = 70001;

type Role = 'admin' | 'supplier';

interface ListCase {
  /** The file's name (without `.sql`). */
  name: string;
  /** What the case shows. */
  title: string;
  role: Role;
  /** The query string of GET /api/transactions. */
  query: string;
  /** The filter's matches at the bench's million (the totals the plan is chosen by). */
  total: number;
  /** A search's master-data matches (what findSearchMatches' statement answers). */
  search?: Omit<SearchMatches, 'pattern' | 'net' | 'invoiceDate'>;
  /** Where a search's matches lie, as its count reads it (bookings.match-range.ts). */
  range?: MatchRange;
  /** An export batch's filter: whether the batch exported bookings again (exports.repository.ts). */
  batchReexported?: boolean;
  /** How long the page's plan took: a slow first page has the ids of all matches read after it. */
  planMs?: number;
}

const NO_MASTER_DATA = { debitors: [], articles: [], creditors: [], locations: [], everyCreditor: false };
/** The ids of the million, and the range of a search's matches spread over all of them. */
const ALL_IDS = { minId: 1, maxId: 1_000_000, allIds: 1_000_000 };

const CASES: ListCase[] = [
  {
    name: 'admin-default',
    title: 'The default list: every booking, newest first',
    role: 'admin',
    query: '',
    total: 1_000_000,
  },
  ...(
    [
      'invoice_date',
      'invoice_number',
      'debitor_number',
      'debitor_name',
      'location',
      'article_name',
      'net',
      'creditor_number',
      'creditor_name',
      'export_date',
      'creation_date',
      'creation_email_address',
    ] as const
  ).map((key): ListCase => ({
    name: `admin-sort-${key}`,
    title: `Every booking by ${key}, ascending, first page`,
    role: 'admin',
    query: `sorting=${key}`,
    total: 1_000_000,
  })),
  {
    name: 'admin-deep-page',
    title: 'Every booking, newest first, page 2,000',
    role: 'admin',
    query: 'page=2000',
    total: 1_000_000,
  },
  {
    name: 'admin-last-page',
    title: 'Every booking, newest first, the last page (read from the end)',
    role: 'admin',
    query: 'page=20000',
    total: 1_000_000,
  },
  {
    name: 'admin-deep-page-creditor-number',
    title: 'Every booking by creditor number, page 2,000: groups from the month totals',
    role: 'admin',
    query: 'sorting=creditor_number&page=2000',
    total: 1_000_000,
  },
  {
    name: 'admin-filter-debitor',
    title: 'One debitor (437 matches)',
    role: 'admin',
    query: 'debitor=10002',
    total: 437,
  },
  {
    name: 'admin-filter-article',
    title: 'The most common article (57,804 matches)',
    role: 'admin',
    query: 'article=1001',
    total: 57_804,
  },
  {
    name: 'admin-filter-article-by-net-deep',
    title: 'The most common article by net, descending, page 500: walked with sorts off',
    role: 'admin',
    query: 'article=1001&sorting=net_desc&page=500',
    total: 57_804,
  },
  {
    name: 'admin-filter-article-mid-size-by-net',
    title: 'An article of 1,643 matches by net, descending: sorted out of its matches',
    role: 'admin',
    query: 'article=1297&sorting=net_desc',
    total: 1_643,
  },
  {
    name: 'admin-filter-creditor',
    title: "One creditor's bookings (74,449), from the month totals",
    role: 'admin',
    query: 'creditor=70001',
    total: 74_449,
  },
  {
    name: 'admin-filter-invoice-dates',
    title: 'A 90-day invoice-date range (81,180 matches)',
    role: 'admin',
    query: 'invoiceDateFrom=2026-06-01&invoiceDateUntil=2026-08-29',
    total: 81_180,
  },
  {
    name: 'admin-filter-invoice-dates-by-export-date-deep',
    title: 'The 90-day range by export date, page 400: grouped per export date, walked in id order',
    role: 'admin',
    query: 'invoiceDateFrom=2026-06-01&invoiceDateUntil=2026-08-29&sorting=export_date&page=400',
    total: 81_180,
  },
  {
    name: 'admin-filter-exported',
    title: 'Exported bookings only (500,000), from the month totals',
    role: 'admin',
    query: 'exportedOnly=true',
    total: 500_000,
  },
  {
    name: 'admin-filter-not-exported-by-invoice-date',
    title: 'Not exported bookings by invoice date: groups from the month totals',
    role: 'admin',
    query: 'notExportedOnly=true&sorting=invoice_date',
    total: 500_000,
  },
  {
    name: 'admin-filter-export-batch',
    title: 'An export batch that only marked (37,231 bookings)',
    role: 'admin',
    query: 'exportBatch=3',
    total: 37_231,
    batchReexported: false,
  },
  {
    name: 'admin-filter-export-batch-reexported',
    title: 'An export batch that exported 74,449 bookings again',
    role: 'admin',
    query: 'exportBatch=4',
    total: 74_449,
    batchReexported: true,
  },
  {
    name: 'admin-search-rare',
    title: 'A rare search: one invoice number, no master data matches',
    role: 'admin',
    query: 'searchQuery=R100012025',
    total: 1,
    search: NO_MASTER_DATA,
    range: { minId: 412_345, maxId: 412_345, allIds: 1_000_000 },
  },
  {
    name: 'admin-search-long',
    title: 'A long search: a place name found among the known delivery locations (5,548 matches)',
    role: 'admin',
    query: 'searchQuery=Stadtbibliothek%20Bornheim',
    total: 5_548,
    search: { ...NO_MASTER_DATA, locations: ['Stadtbibliothek Bornheim, Marktplatz 1'] },
    range: ALL_IDS,
  },
  {
    name: 'admin-search-short',
    title:
      'A short search matching debitors, a creditor and locations (66,000 matches): walked within a budget',
    role: 'admin',
    query: 'searchQuery=Nord',
    total: 66_000,
    search: {
      ...NO_MASTER_DATA,
      debitors: [10017, 10088],
      creditors: [70023],
      locations: ['Grundschule Nord, Schulstraße 4', 'Nordring 12'],
    },
    range: {
      ...ALL_IDS,
      column: { key: 'creation_date', min: '2024-12-02 07:12:00+00', max: '2026-11-30 16:40:00+00' },
    },
  },
  {
    name: 'admin-search-amount',
    title: 'A search of an amount as the list shows it ("624,00"): the net equality beside the texts',
    role: 'admin',
    query: 'searchQuery=624%2C00',
    total: 120,
    search: NO_MASTER_DATA,
    range: ALL_IDS,
  },
  {
    name: 'admin-search-date',
    title:
      'A search of a date as the list shows it ("27.11.2026"): the invoice-date equality beside the texts',
    role: 'admin',
    query: 'searchQuery=27.11.2026',
    total: 1_400,
    search: NO_MASTER_DATA,
    range: ALL_IDS,
  },
  {
    name: 'admin-search-every-booking',
    title: 'A search every creditor matches by name ("er"): it restricts nothing',
    role: 'admin',
    query: 'searchQuery=er',
    total: 1_000_000,
    search: { ...NO_MASTER_DATA, creditors: [70001, 70002], everyCreditor: true },
  },
  {
    name: 'admin-search-deep-page',
    title:
      'A search of a quarter of the bookings ("Bestellung", 250,450) by net, page 2,000, then the ids of all matches kept',
    role: 'admin',
    query: 'searchQuery=Bestellung&sorting=net&page=2000',
    total: 250_450,
    search: NO_MASTER_DATA,
    range: ALL_IDS,
  },
  {
    name: 'admin-search-clustered-deep-page',
    title:
      'A search whose matches lie together ("R1000", 87,696), newest first, page 100: walked within their range',
    role: 'admin',
    query: 'searchQuery=R1000&page=100',
    total: 87_696,
    search: NO_MASTER_DATA,
    range: {
      minId: 1,
      maxId: 290_000,
      allIds: 1_000_000,
      column: { key: 'creation_date', min: '2024-12-02 07:12:00+00', max: '2025-06-30 16:40:00+00' },
    },
  },
  {
    name: 'supplier-default',
    title: "A supplier's default list (74,449 bookings), newest first",
    role: 'supplier',
    query: '',
    total: 74_449,
  },
  {
    name: 'supplier-by-debitor-name',
    title: "A supplier's list by debitor name: groups from the debitor totals",
    role: 'supplier',
    query: 'sorting=debitor_name',
    total: 74_449,
  },
  {
    name: 'supplier-by-invoice-number-page-30',
    title: "A supplier's list by invoice number, descending, page 30: sorted out of the creditor's bookings",
    role: 'supplier',
    query: 'sorting=invoice_number_desc&page=30',
    total: 74_449,
  },
  {
    name: 'supplier-by-location-page-1000',
    title: "A supplier's list by location, page 1,000: counted per location",
    role: 'supplier',
    query: 'sorting=location&page=1000',
    total: 74_449,
  },
  {
    name: 'supplier-by-creator-page-1000',
    title: "A supplier's list by creator, page 1,000: grouped, walked in id order",
    role: 'supplier',
    query: 'sorting=creation_email_address&page=1000',
    total: 74_449,
  },
  {
    name: 'supplier-by-net-page-1000',
    title: "A supplier's list by net, page 1,000: its own index led by the creditor",
    role: 'supplier',
    query: 'sorting=net&page=1000',
    total: 74_449,
  },
  {
    name: 'supplier-filter-not-exported-oldest-first',
    title: "A supplier's bookings not yet exported, oldest first",
    role: 'supplier',
    query: 'notExportedOnly=true&sorting=creation_date',
    total: 37_000,
  },
  {
    name: 'supplier-filter-debitor',
    title: "A supplier's bookings of one debitor",
    role: 'supplier',
    query: 'debitor=10002',
    total: 441,
  },
  {
    name: 'supplier-search',
    title:
      "A supplier's search of an invoice-number prefix (22,252 matches): walked within the creditor's budget",
    role: 'supplier',
    query: 'searchQuery=R1000',
    total: 22_252,
    search: NO_MASTER_DATA,
    range: {
      minId: 1,
      maxId: 290_000,
      allIds: 1_000_000,
      column: { key: 'creation_date', min: '2024-12-02 07:12:00+00', max: '2025-06-30 16:40:00+00' },
    },
  },
];

/** A statement as `pg` receives it. */
interface Sent {
  step: string;
  text: string;
  params: unknown[];
  named: boolean;
}

/**
 * A database handle that records what it is sent and answers each statement with the next rows of
 * `answers` (none once they are used up): enough for the list's functions to send every statement of
 * a request, in order, without PostgreSQL.
 */
class Recorder {
  readonly sent: Sent[] = [];
  step = '';
  answers: Record<string, unknown>[][] = [];
  readonly #dialect = new PgDialect();
  #depth = 0;

  #answer(text: string, params: unknown[], named = false) {
    this.sent.push({ step: this.step, text, params, named });
    return { rows: this.answers.shift() ?? [] };
  }

  readonly db = {
    execute: async (statement: SQL) => {
      const { sql: text, params } = this.#dialect.sqlToQuery(statement);
      return this.#answer(text, params);
    },
    // drizzle sends begin / commit, and savepoint / release inside a transaction; they get no answer.
    transaction: async <T>(body: (tx: unknown) => Promise<T>): Promise<T> => {
      const nested = this.#depth > 0;
      this.#depth += 1;
      this.sent.push({ step: this.step, text: nested ? 'savepoint' : 'begin', params: [], named: false });
      const result = await body(this.db);
      this.sent.push({
        step: this.step,
        text: nested ? 'release savepoint' : 'commit',
        params: [],
        named: false,
      });
      this.#depth -= 1;
      return result;
    },
    $client: {
      query: async (
        query: string | { name?: string; text: string; values?: unknown[] },
        values?: unknown[],
      ) =>
        typeof query === 'string'
          ? this.#answer(query, values ?? [])
          : this.#answer(query.text, query.values ?? [], query.name !== undefined),
      connect: async () => ({ query: this.db.$client.query, release: () => undefined }),
    },
  } as unknown as Db & { $client: { query: (...args: unknown[]) => Promise<unknown> } };
}

/** The statements a case's request sends, in the order listBookings sends them. */
async function statementsOf(listCase: ListCase): Promise<{ plan: string; sent: Sent[] }> {
  const { role, query, total, range } = listCase;
  const parsed = bookingListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const scope = scopeOf(role);
  const filter: BookingFilter = pickFilter(parsed);
  const { sorting, page } = parsed;
  const recorder = new Recorder();
  const { db } = recorder;

  recorder.step = "the search's master-data matches (bookings.search.ts findSearchMatches)";
  if (listCase.search) recorder.answers = [[listCase.search]];
  const search = await findSearchMatches(db.$client, filter.searchQuery);
  const resolved = filter.exportBatch ? { ...filter, batchReexported: listCase.batchReexported } : filter;
  const where = bookingWhere(resolved, scope, search);
  const allMatchesWhere = bookingWhere(resolved, scope, search, 'all');
  const offset = (page - 1) * PAGE_SIZE;
  const shape = listShape(resolved, scope, search);
  const order = listOrder(sorting, shape);
  const sort = bookingSort(order);
  const key = totalsKey(where);

  const totalsRange = shape.search ? range : undefined;
  if (shape.wholeCreditor) {
    recorder.step = 'the totals, from the derived totals (bookings.totals-sql.ts selectWholeCreditorTotals)';
    await selectWholeCreditorTotals(db, shape.wholeCreditor);
  } else {
    // The first request of a filter on a server: the totals another server stored, else counted under
    // the filter's advisory lock and stored for the others (bookings.shared-totals.ts).
    recorder.step =
      'the totals: stored by another server, else counted and stored (bookings.shared-totals.ts sharedCount)';
    recorder.answers = [[], [{ free: true }], [{ total, netSum: '0', version: '1' }]];
    await sharedCount(db, key, async (counting) => {
      await selectBookingTotals(counting, allMatchesWhere, {
        withRange: shape.search,
        rangeOf: matchRangeKey(order),
      });
      return { total, netSum: '0', version: '1', ...(totalsRange ? { range: totalsRange } : {}) };
    });
  }

  const { plan, walkBudget } = pageRead(total, offset, order, shape, totalsRange);
  recorder.step = `the page, plan ${plan} (bookings.list-sql.ts selectBookingPage)`;
  recorder.answers = [];
  await selectBookingPage(db, where, sort, PAGE_SIZE, offset, plan, {
    matchesInIdOrder: matchesInIdOrder(order, shape),
    total,
    wholeCreditor: shape.wholeCreditor,
    walkScope: walkScopeInRange(walkScope(filter, scope), order, totalsRange),
    walkBudget,
    allMatchesWhere,
  });
  if (keepsMatchIds(total, offset, shape) && readsMatchIdsAfter(offset, listCase.planMs ?? 0)) {
    recorder.step =
      "then, in the background, the ids of all matches in the list's order (selectOrderedMatchIds)";
    recorder.answers = [[{ ids: '', version: '1' }]];
    await selectOrderedMatchIds(db, allMatchesWhere, sort);
    recorder.step = 'the next page, by the kept ids (bookings.list-sql.ts selectPageOfIds; 50 ids as $n)';
    const nextIds = Array.from({ length: PAGE_SIZE }, (_, i) => 500_000 + i);
    await selectPageOfIds(db, allMatchesWhere, nextIds, sort);
  }
  return {
    plan: walkBudget && plan === 'walkThenSort' ? `${plan} (walk budget ${walkBudget})` : plan,
    sent: recorder.sent,
  };
}

/**
 * The export of a filtered list (GET /api/transactions/export, bookings.export.ts; decision 0052):
 * the statements of bookings.export-sql.ts for one chunk. The export's other statements (its batch,
 * the stored file's parts, the audit rows) are in exports.repository.ts and bookings.export-audit.ts.
 */
interface ExportCase {
  name: string;
  title: string;
  role: Role;
  /** The query string of GET /api/transactions/export (without `format=csv`). */
  query: string;
  search?: Omit<SearchMatches, 'pattern' | 'net' | 'invoiceDate'>;
}

const EXPORT_CASES: ExportCase[] = [
  {
    name: 'export-not-exported',
    title: 'The export of every booking not yet exported, newest first: it marks what it delivers',
    role: 'admin',
    query: 'notExportedOnly=true',
  },
  {
    name: 'export-creditor-search',
    title: "The export of one creditor's search by invoice date",
    role: 'admin',
    query: 'creditor=70001&searchQuery=Nord&sorting=invoice_date',
    search: { ...NO_MASTER_DATA, debitors: [10017], locations: ['Nordring 12'] },
  },
];

/** A chunk of three records: two without an export date in the snapshot, both locked in time. */
const CHUNK = { open: [500_001, 500_003], locked: [500_001, 500_003] };

async function exportStatementsOf(exportCase: ExportCase): Promise<Sent[]> {
  const { role, query } = exportCase;
  const parsed = bookingFilterQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const { sorting, ...filter } = parsed;
  const recorder = new Recorder();
  const { db } = recorder;
  const sent = (step: string, text: string, params: unknown[] = []) =>
    recorder.sent.push({ step, text, params, named: false });
  recorder.step = "the search's master-data matches (bookings.search.ts findSearchMatches)";
  if (exportCase.search) recorder.answers = [[exportCase.search]];
  const search = await findSearchMatches(db.$client, filter.searchQuery);
  const where = bookingWhere(filter, scopeOf(role), search, 'all');
  for (const statement of importSnapshot('00000003-0000001B-1'))
    sent("the copying connection imports the export transaction's snapshot (importSnapshot)", statement);
  sent(
    'the copying connection: every row of the filter in its order, formatted by PostgreSQL (exportCopy)',
    exportCopy(where, bookingOrderBy(sorting)),
  );
  recorder.step = "per chunk with open rows, on the export's transaction: lock them (lockChunk)";
  await db.execute(lockChunk(CHUNK.open, where));
  sent(
    'then mark the locked ones and copy the open ones out as they are now (markChunk, batch 7)',
    markChunk(CHUNK, where, 7),
  );
  return recorder.sent;
}

function scopeOf(role: Role) {
  return bookingScope({
    id: 1,
    emailAddress: role === 'admin' ? 'admin@localhost' : 'lieferant@gruenes-buero.example',
    isAdmin: role === 'admin',
    creditorNumber: role === 'admin' ? null : SUPPLIER_CREDITOR,
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (Array.isArray(value))
    return value.length > 8
      ? `${JSON.stringify(value.slice(0, 3)).slice(0, -1)}, … (${value.length})]`
      : JSON.stringify(value);
  return String(value);
}

const GENERATED = '-- Generated by bookings-list-queries.test.ts; UPDATE_SQL_SNAPSHOTS=1 rewrites it.';

const asWho = (role: Role) =>
  role === 'admin' ? 'the admin' : `the supplier of creditor ${SUPPLIER_CREDITOR}`;

function render(listCase: ListCase, { plan, sent }: { plan: string; sent: Sent[] }): string {
  return renderStatements(
    [
      `-- ${listCase.title}`,
      `-- GET /api/transactions${listCase.query ? `?${listCase.query}` : ''} as ${asWho(listCase.role)}`,
      `-- ${listCase.total.toLocaleString('en-US')} matches (the bench's million) → plan ${plan}`,
      GENERATED,
    ],
    sent,
  );
}

function renderExport(exportCase: ExportCase, sent: Sent[]): string {
  return renderStatements(
    [
      `-- ${exportCase.title}`,
      `-- GET /api/transactions/export?format=csv&${exportCase.query} as ${asWho(exportCase.role)}`,
      `-- One chunk: open rows ${CHUNK.open.join(', ')}, locked ${CHUNK.locked.join(', ')}.`,
      GENERATED,
    ],
    sent,
  );
}

/** The statements under numbered steps, each formatted, with its parameters below it. */
function renderStatements(header: string[], sent: Sent[]): string {
  const lines = [...header];
  let step = '';
  let n = 0;
  let inStep = 0;
  for (const statement of sent) {
    if (statement.step !== step) {
      step = statement.step;
      n += 1;
      inStep = 0;
      lines.push('', `-- ${n}. ${step}`);
    }
    inStep += 1;
    // walkThenSort sends its bounded walk, and the sort only when the walk did not fill the page.
    if (step.includes('plan walkThenSort') && inStep === 2)
      lines.push('-- if the walk did not fill the page: the page sorted out of all matches');
    const text = ['begin', 'commit', 'savepoint', 'release savepoint'].includes(statement.text)
      ? statement.text
      : format(statement.text, { language: 'postgresql', keywordCase: 'lower', tabWidth: 2 });
    lines.push(`${text};`);
    if (statement.named)
      lines.push('-- sent by name: a statement prepared once per connection (db/prepared.ts)');
    statement.params.forEach((value, i) => lines.push(`-- $${i + 1} = ${literal(value)}`));
  }
  return `${lines.join('\n')}\n`;
}

describe('the SQL of the bookings list (queries/*.sql)', () => {
  it('has one snapshot per case, and no other', () => {
    const names = [...CASES, ...EXPORT_CASES].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const files = readdirSync(FOLDER).filter((file) => file.endsWith('.sql'));
    if (UPDATE) {
      for (const file of files) if (!names.includes(file.slice(0, -4))) rmSync(path.join(FOLDER, file));
      return;
    }
    expect(files.sort()).toEqual(names.map((name) => `${name}.sql`).sort());
  });

  it.each(CASES)('$name', async (listCase) => {
    const text = render(listCase, await statementsOf(listCase));
    const file = path.join(FOLDER, `${listCase.name}.sql`);
    if (UPDATE) writeFileSync(file, text);
    expect(text, `${listCase.name}.sql differs: UPDATE_SQL_SNAPSHOTS=1 rewrites it`).toBe(
      readFileSync(file, 'utf8'),
    );
  });

  it.each(EXPORT_CASES)('$name', async (exportCase) => {
    const text = renderExport(exportCase, await exportStatementsOf(exportCase));
    const file = path.join(FOLDER, `${exportCase.name}.sql`);
    if (UPDATE) writeFileSync(file, text);
    expect(text, `${exportCase.name}.sql differs: UPDATE_SQL_SNAPSHOTS=1 rewrites it`).toBe(
      readFileSync(file, 'utf8'),
    );
  });
});
