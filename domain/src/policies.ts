// Who may do what (decisions.md sections 3 and 7, product-spec section 6), written once as named
// functions (bulletproof-react's POLICIES). The server refuses with them and the screens hide or
// disable with them, so the two cannot drift apart. No other code asks `isAdmin` to decide a right.
import type { Booking, User } from './entities';

/** The signed-in user as the rules see it: the server's SessionUser and the web's User both fit. */
export type Actor = Pick<User, 'id' | 'emailAddress' | 'isAdmin' | 'creditorNumber'>;

/** What the rules need to know of a booking. */
export interface BookingAccess {
  creditorNumber: number;
  exported: boolean;
}

/** A booking of the wire (the web's) as the rules see it. */
export function bookingAccess(booking: Pick<Booking, 'creditorId' | 'exportDate'>): BookingAccess {
  return { creditorNumber: booking.creditorId, exported: booking.exportDate !== null };
}

/** Whose bookings a user sees: every creditor's (admins) or its own creditor's (none without one). */
export type BookingScope = { allCreditors: true } | { allCreditors: false; creditorNumber: number | null };

export function bookingScope(actor: Actor): BookingScope {
  return actor.isAdmin
    ? { allCreditors: true }
    : { allCreditors: false, creditorNumber: actor.creditorNumber };
}

export type MasterDataKindName = 'articles' | 'creditors' | 'debitors';

/**
 * What a user reads of a master-data kind: everything (admins); a supplier the active articles and
 * debitors (it needs them to book) and its own creditor only.
 */
export type MasterDataScope = 'all' | 'active' | 'ownCreditor';

export function masterDataScope(actor: Actor, kind: MasterDataKindName): MasterDataScope {
  if (actor.isAdmin) return 'all';
  return kind === 'creditors' ? 'ownCreditor' : 'active';
}

const isAdmin = (actor: Actor): boolean => actor.isAdmin;
const everyone = (): boolean => true;

function viewBooking(actor: Actor, booking: Pick<BookingAccess, 'creditorNumber'>): boolean {
  const scope = bookingScope(actor);
  return scope.allCreditors || booking.creditorNumber === scope.creditorNumber;
}

/** The export lock: an exported booking is changed (edited or deleted) by admins only. */
const changeExportedBooking = isAdmin;

function changeBooking(actor: Actor, booking: BookingAccess): boolean {
  return viewBooking(actor, booking) && (!booking.exported || changeExportedBooking(actor));
}

/**
 * Whether a user may ask for this record at all: a supplier asks only for its own creditor (any
 * other number is 403, existing or not, so that numbers cannot be probed); articles and debitors
 * are then checked by readMasterData.
 */
function askForMasterData(actor: Actor, kind: MasterDataKindName, number: number): boolean {
  return masterDataScope(actor, kind) !== 'ownCreditor' || number === actor.creditorNumber;
}

/**
 * The export lock of an upload: it is undone only while none of its bookings is exported, for
 * admins too (an exported booking is billed; undoing a whole file must not remove it silently).
 */
export function uploadUndoable(bookings: readonly Pick<BookingAccess, 'exported'>[]): boolean {
  return bookings.every((booking) => !booking.exported);
}

function readMasterData(
  actor: Actor,
  kind: MasterDataKindName,
  record: { number: number; isActive: boolean },
): boolean {
  const scope = masterDataScope(actor, kind);
  if (scope === 'all') return true;
  return scope === 'active' ? record.isActive : record.number === actor.creditorNumber;
}

/** Whose upload batch it is: the one creditor all its bookings belong to (null: several). */
export interface UploadBatchAccess {
  creditorNumber: number | null;
}

/** Admins see every upload; a supplier only those of its own creditor alone (by whomever uploaded). */
function viewUploadBatch(actor: Actor, batch: UploadBatchAccess): boolean {
  const scope = bookingScope(actor);
  return (
    scope.allCreditors || (batch.creditorNumber !== null && batch.creditorNumber === scope.creditorNumber)
  );
}

const isSelfOrAdmin = (actor: Actor, user: Pick<User, 'id'>): boolean =>
  actor.isAdmin || actor.id === user.id;

export const POLICIES = {
  /** Another creditor's booking is not the supplier's to see (the API answers it like a missing one). */
  'booking:view': viewBooking,
  'booking:edit': changeBooking,
  'booking:delete': changeBooking,
  /** Whether the export lock lets this user change exported bookings at all. */
  'booking:changeExported': changeExportedBooking,
  /** Admins book for (and filter by) any creditor; a supplier's creditor is its own. */
  'booking:anyCreditor': isAdmin,
  /**
   * The edit form offers admins saving without the duplicate check at once (spec section 4); everyone
   * else gets that choice only after the warnings were shown.
   */
  'booking:saveIgnoringWarnings': isAdmin,
  'bookings:export': isAdmin,
  /** A supplier without a creditor has nobody to book for. */
  upload: (actor: Actor): boolean => actor.isAdmin || actor.creditorNumber !== null,
  /** The export batches (Exporte): list, download again, the menu entry. */
  'exportBatches:read': isAdmin,
  /** An upload batch in GET /api/uploads (another creditor's is answered like a missing one). */
  'uploadBatch:view': viewUploadBatch,
  /** Undo an upload (its bookings' export lock is checked by the service: 409). */
  'uploadBatch:undo': viewUploadBatch,
  'masterData:askFor': askForMasterData,
  'masterData:read': readMasterData,
  /** Create, change and delete articles, creditors and debitors (and see the hub's lists). */
  'masterData:write': isAdmin,
  /** The master-data workbook and the article list (Artikel.csv). */
  'masterData:export': isAdmin,
  'debitors:export': everyone,
  /** List, create and delete users, and set a user's flags and creditor. */
  'users:manage': isAdmin,
  /** GET /api/users/{id}: oneself, or anyone for admins. */
  'user:view': isSelfOrAdmin,
  /** PUT /api/users/{id}: oneself (e-mail address and password only), or anyone for admins. */
  'user:edit': isSelfOrAdmin,
  /**
   * The reporting status (Meldestatus) of every creditor, with the urgency e-mails; everyone else sees
   * exactly its own creditor's months (bookingScope), without a 403.
   */
  'reportingStatus:all': isAdmin,
  /** GET /api/reporting-status/export (xlsx). */
  'reportingStatus:export': isAdmin,
  /** GET /api/audit and the history on the edit pages (Änderungsverlauf). */
  'audit:read': isAdmin,
  /** The outbox (Postausgang): every mail the portal wrote, with its text. */
  'mail:read': isAdmin,
  /** Urgency mails sent by the server, and the reminder plan (Erinnerungsplan). */
  'mail:send': isAdmin,
  /** One's own profile (Mein Profil): everyone signed in. */
  'profile:edit': everyone,
  /** GET /api/users/single?name= (the login's lookup): oneself, or anyone for admins. */
  'user:lookUp': (actor: Actor, emailAddress: string): boolean =>
    actor.isAdmin || emailAddress.trim().toLowerCase() === actor.emailAddress.toLowerCase(),
  /** An admin's reset of another user's second factor (decisions.md section 15). */
  'secondFactor:reset': isAdmin,
} as const;

/**
 * Whether the user must enrol a second factor before anything else (MFA_FOR_ADMINS=required,
 * decisions.md section 15): an admin without one.
 */
export function mustEnrolSecondFactor(
  actor: Pick<Actor, 'isAdmin'> & { secondFactor: boolean },
  mode: 'optional' | 'required',
): boolean {
  return mode === 'required' && actor.isAdmin && !actor.secondFactor;
}

export type PolicyName = keyof typeof POLICIES;

/**
 * The rules whose refusal the API answers like a missing record (404, never 403): a supplier cannot
 * tell another creditor's booking, upload or inactive article from one that does not exist.
 */
export const POLICY_HIDES_RECORDS: ReadonlySet<PolicyName> = new Set<PolicyName>([
  'booking:view',
  'uploadBatch:view',
  'uploadBatch:undo',
  'masterData:read',
]);
