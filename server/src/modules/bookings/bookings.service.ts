// Business rules of bookings: the save flow with errors and warnings, empty reports, optimistic
// concurrency, and the answers to what the policies (domain/src/policies.ts) forbid: who may see and
// change which booking, and the lock of exported bookings.
import {
  bookingMessage,
  emptyReportCandidate,
  formatMonth,
  isEmptyReport,
  toBookingCandidate,
  type BookingCandidate,
  type BookingInputBody,
  type BookingPage,
} from '@lp/domain/booking.schema';
import type { SQL } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { formatSorting, type Sorting } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import type { BookingSaveResult, Booking } from '@lp/domain/entities';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { BOOKING_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { bookingScope, type BookingAccess } from '@lp/domain/policies';
import type { Mailer } from '../mail/index';
import { queueEmptyReportReceipt } from '../mail/index';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { hasPgCode, PG_UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { retryWhileLocked } from '../../db/retry-while-locked';
import { recordCreated, recordDeleted, recordUpdated, snapshotForUpdate } from '../audit/index';
import type { SessionUser } from '../auth/index';
import { EXPORT_FILES, writeBookingsCsv, type ExportEncoding, type ExportFormat } from './bookings.export';
import {
  bookingOrderBy,
  bookingSort,
  bookingWhere,
  walkScope,
  type BookingFilter,
  type BookingSort,
} from './bookings.filter';
import { matchRangeKey, walkScopeInRange } from './bookings.match-range';
import { toNewBookingRow, validateBookingsForWrite } from './bookings.validation';
import {
  deleteBookingRows,
  selectBooking,
  findBookingStates,
  insertBookings,
  updateBookingRow,
} from './bookings.repository';
import {
  selectBookingPage,
  selectOrderedMatchIds,
  selectPageOfIds,
  type BookingPageRow,
} from './bookings.list-sql';
import { MatchIdsCache } from './bookings.match-ids-cache';
import {
  keepsMatchIds,
  listOrder,
  listShape,
  matchesInIdOrder,
  pageRead,
  readsMatchIdsAfter,
} from './bookings.page-plan';
import { toBookingResponse } from './bookings.mapper';
import { sharedCount } from './bookings.shared-totals';
import { BookingTotalsCache, totalsKey } from './bookings.totals-cache';
import { selectBookingsDataVersion } from './bookings.data-version';
import { selectBookingTotals, selectWholeCreditorTotals } from './bookings.totals-sql';
import { findSearchMatches } from './bookings.search';
import { batchReexported } from '../exports/index';
import { hasAccess, requireAccess } from '../../lib/access';

/** Per server process; exact across servers through the shared data version. */
const totalsCache = new BookingTotalsCache();
/** Likewise (bookings.match-ids-cache.ts). */
const matchIdsCache = new MatchIdsCache();

export async function listBookings(
  db: Db,
  user: SessionUser,
  filter: BookingFilter,
  sorting: Sorting,
  page: number,
): Promise<BookingPage> {
  const scope = bookingScope(user);
  const search = await findSearchMatches(db.$client, filter.searchQuery);
  const resolved = await withBatchKind(db.$client, filter);
  const where = bookingWhere(resolved, scope, search);
  const allMatchesWhere = bookingWhere(resolved, scope, search, 'all');
  const offset = (page - 1) * PAGE_SIZE;
  const shape = listShape(resolved, scope, search);
  const { wholeCreditor } = shape;
  const order = listOrder(sorting, shape);
  const sort = bookingSort(order);
  const key = totalsKey(where);
  // The number of matches decides how the page is read, so the totals (cached, kept or counted) come
  // first; cached ones are confirmed by the page's own statement.
  const { rows, totals } = await totalsCache.page(
    key,
    async ({ total, range }) => {
      const { plan, walkBudget } = pageRead(total, offset, order, shape, range);
      const byPlan = () =>
        selectBookingPage(db, where, sort, PAGE_SIZE, offset, plan, {
          matchesInIdOrder: matchesInIdOrder(order, shape),
          total,
          wholeCreditor,
          walkScope: walkScopeInRange(walkScope(filter, scope), order, range),
          walkBudget,
          allMatchesWhere,
        });
      if (!keepsMatchIds(total, offset, shape)) return byPlan();
      const idsKey = `${key} ${formatSorting(sorting)}`;
      const known = await pageOfKnownIds(db, idsKey, allMatchesWhere, sort, offset);
      if (known) return known;
      const started = performance.now();
      const planned = await byPlan();
      if (!readsMatchIdsAfter(offset, performance.now() - started)) return planned;
      // Best effort: without them the next page is read by its plan, as this one was.
      matchIdsCache.fill(
        idsKey,
        () => selectOrderedMatchIds(db, allMatchesWhere, sort),
        () => undefined,
      );
      return planned;
    },
    () =>
      wholeCreditor === undefined
        ? sharedCount(db, key, (counting) =>
            selectBookingTotals(counting, allMatchesWhere, {
              withRange: shape.search,
              rangeOf: matchRangeKey(order),
            }),
          )
        : selectWholeCreditorTotals(db, wholeCreditor),
    () => selectBookingsDataVersion(db),
  );
  return { items: rows.map(toBookingResponse), total: totals.total, netSum: Number(totals.netSum) };
}

/** The filter and, for an export batch, whether it exported bookings again (bookings.filter.ts). */
async function withBatchKind(pool: pg.Pool, filter: BookingFilter): Promise<BookingFilter> {
  if (!filter.exportBatch) return filter;
  return { ...filter, batchReexported: await batchReexported(pool, filter.exportBatch) };
}

/**
 * The page at `offset` of the ids kept for `key`, if they are kept and still those of the page's own
 * snapshot (the same data version); otherwise they are dropped and undefined is returned.
 */
async function pageOfKnownIds(
  db: Db,
  key: string,
  where: SQL,
  sort: BookingSort,
  offset: number,
): Promise<BookingPageRow[] | undefined> {
  const known = matchIdsCache.get(key);
  if (!known) return undefined;
  const ids = known.ids.subarray(offset, offset + PAGE_SIZE);
  const rows = ids.length > 0 ? await selectPageOfIds(db, where, Array.from(ids), sort) : [];
  if (rows.length === ids.length && rows[0]?.dataVersion === known.version) return rows;
  matchIdsCache.delete(key);
  return undefined;
}

/** Another creditor's booking is answered like a missing one: its existence is not revealed. */
export async function getBooking(db: Db, user: SessionUser, id: number): Promise<Booking> {
  const row = await selectBooking(db, id);
  if (!row) throw AppError.notFound();
  requireAccess(user, 'booking:view', [row]);
  return toBookingResponse(row);
}

/**
 * The candidate of a body. An empty report (article 999 with debitor 999999) gets its fixed values
 * whatever else was sent; exportDate, creationDate, creator, id and version are never read from it.
 */
function candidateOf(body: BookingInputBody): BookingCandidate {
  const candidate = toBookingCandidate(body);
  if (!isEmptyReport(candidate.articleNumber, candidate.debitorNumber)) return candidate;
  return {
    ...emptyReportCandidate(candidate.invoiceDate, candidate.creditorNumber),
    rawInvoiceDate: candidate.rawInvoiceDate,
    ...(candidate.creditorSentEmpty ? { creditorSentEmpty: true } : {}),
  };
}

interface SaveOptions {
  user: SessionUser;
  checkForDuplicates: boolean;
  /** Check only: answer the errors and warnings, store nothing. */
  dryRun?: boolean;
  /** Queues the receipt of a stored empty report (decisions.md section 13). */
  mailer?: Mailer;
}

/**
 * Errors, or warnings while the check is on, stop the save: the answer then lists both. A dry run
 * always stops here, with whatever was found (both lists empty: the save would store it).
 */
function refusal(
  errors: ValidationMessage[],
  warnings: ValidationMessage[],
  { checkForDuplicates, dryRun }: Omit<SaveOptions, 'user'>,
) {
  return dryRun || errors.length > 0 || (checkForDuplicates && warnings.length > 0)
    ? { errors, warnings }
    : undefined;
}

export async function createBooking(
  db: Db,
  body: BookingInputBody,
  { user, checkForDuplicates, dryRun, mailer }: SaveOptions,
): Promise<BookingSaveResult> {
  const candidate = candidateOf(body);
  try {
    // Check and insert in one transaction under the creditor's lock: parallel saves of the same
    // booking store it once and warn the others.
    return await db.transaction(async (tx) => {
      const { errors, warnings } = await validateBookingsForWrite(tx, [candidate], {
        checkForDuplicates,
        user,
        allowEmptyReports: true,
      });
      const refused = refusal(errors[0]!, warnings[0]!, { checkForDuplicates, dryRun });
      if (refused) return refused;
      const [id] = await insertBookings(tx, [toNewBookingRow(candidate, user)]);
      await recordCreated(tx, user, 'booking', [id!]);
      if (
        mailer &&
        candidate.invoiceDate &&
        isEmptyReport(candidate.articleNumber, candidate.debitorNumber)
      ) {
        await queueEmptyReportReceipt(tx, mailer, user, candidate.invoiceDate.slice(0, 7));
      }
      return { id: id!, errors: [], warnings: [] };
    });
  } catch (error) {
    return emptyReportRace(error, candidate);
  }
}

export async function updateBooking(
  db: Db,
  id: number,
  body: BookingInputBody,
  { user, checkForDuplicates, dryRun }: SaveOptions,
): Promise<BookingSaveResult> {
  if (body.version === undefined)
    throw AppError.badRequest(BOOKING_MESSAGES.versionMissing, BOOKING_LABELS.version);
  const [state] = await findBookingStates(db, [id]);
  assertEditable(state, user, body.version);

  const candidate = candidateOf(body);
  const version = body.version;
  try {
    // As createBooking: check and write in one transaction under the (new) creditor's lock.
    return await db.transaction(async (tx) => {
      const { errors, warnings } = await validateBookingsForWrite(tx, [candidate], {
        checkForDuplicates,
        user,
        excludeId: id,
        allowEmptyReports: true,
      });
      const refused = refusal(errors[0]!, warnings[0]!, { checkForDuplicates, dryRun });
      if (refused) return refused;
      const before = await snapshotForUpdate(tx, 'booking', id);
      const updated = await updateBookingRow(tx, id, version, toNewBookingRow(candidate, user), {
        lockExported: !hasAccess(user, 'booking:changeExported'),
      });
      if (!updated || !before) {
        // Changed, exported or deleted since the checks above: answer as if it had happened before.
        assertEditable((await findBookingStates(tx, [id]))[0], user, version);
        throw AppError.of('VERSION_CONFLICT', BOOKING_MESSAGES.versionConflict, BOOKING_LABELS.version);
      }
      await recordUpdated(tx, user, 'booking', id, before);
      return { id, errors: [], warnings: [] };
    });
  } catch (error) {
    return emptyReportRace(error, candidate);
  }
}

function assertEditable(
  state: (BookingAccess & { version: number }) | undefined,
  user: SessionUser,
  version: number,
): asserts state {
  if (!state) throw AppError.notFound();
  requireAccess(user, 'booking:view', [state]);
  requireAccess(user, 'booking:edit', [state], () =>
    AppError.of('EXPORTED_LOCKED', BOOKING_MESSAGES.exportedLocked),
  );
  if (state.version !== version)
    throw AppError.of('VERSION_CONFLICT', BOOKING_MESSAGES.versionConflict, BOOKING_LABELS.version);
}

/** Two empty reports saved at the same moment: the unique index lets one win, the other gets the error. */
function emptyReportRace(error: unknown, candidate: BookingCandidate): BookingSaveResult {
  const { constraint } = ((error as { cause?: unknown }).cause ?? error) as { constraint?: string };
  if (
    !hasPgCode(error, PG_UNIQUE_VIOLATION) ||
    constraint !== 'transactions_empty_report_unique' ||
    candidate.invoiceDate === null
  ) {
    throw error;
  }
  const month = formatMonth(candidate.invoiceDate);
  return {
    errors: [bookingMessage('month', BOOKING_MESSAGES.emptyReportAlreadyExists(month))],
    warnings: [],
  };
}

/**
 * All or nothing: if any id is unknown, another creditor's, or locked by its export, nothing is
 * deleted. The rows are locked first, so an export running at the same time cannot slip in between;
 * rows a running export holds are retried, then answered 409 (retryWhileLocked).
 */
export async function deleteBookings(db: Db, user: SessionUser, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return retryWhileLocked(() => deleteBookingsInTransaction(db, user, unique));
}

function deleteBookingsInTransaction(db: Db, user: SessionUser, unique: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const states = await findBookingStates(tx, unique, { forUpdate: true });
    if (states.length !== unique.length) throw AppError.notFound(BOOKING_MESSAGES.deleteNotFound);
    for (const state of states) {
      requireAccess(user, 'booking:view', [state], () => AppError.notFound(BOOKING_MESSAGES.deleteNotFound));
    }
    for (const state of states) {
      requireAccess(user, 'booking:delete', [state], () =>
        AppError.of('EXPORTED_LOCKED', BOOKING_MESSAGES.exportedNotDeletable),
      );
    }
    await recordDeleted(tx, user, 'booking', unique);
    return deleteBookingRows(tx, unique);
  });
}

/**
 * The export of the filtered list (or of the selected ids), within the bookings the user sees, in the
 * list's order: marks and writes them as CSV or xlsx (`format`) into `destination` (gzip-compressed
 * for `encoding` 'gzip'), and records an audit entry for each in the same transaction; resolves with the number of
 * rows.
 */
export async function exportBookings(
  pool: pg.Pool,
  user: SessionUser,
  filter: BookingFilter,
  sorting: Sorting,
  destination: Writable,
  encoding: ExportEncoding,
  format: ExportFormat = 'csv',
): Promise<number> {
  const scope = bookingScope(user);
  const where = bookingWhere(
    await withBatchKind(pool, filter),
    scope,
    await findSearchMatches(pool, filter.searchQuery),
    'all',
  );
  const batch = { createdBy: user.emailAddress, fileName: EXPORT_FILES[format].fileName };
  return writeBookingsCsv(pool, where, bookingOrderBy(sorting), user, destination, batch, {
    encoding,
    format,
  });
}
