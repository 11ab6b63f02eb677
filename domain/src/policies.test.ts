import { describe, expect, it } from 'vitest';
import {
  bookingAccess,
  bookingScope,
  masterDataScope,
  mustEnrolSecondFactor,
  POLICIES,
  uploadUndoable,
  type Actor,
  type PolicyName,
} from './policies';

const OWN = 70_001;
const OTHER = 70_002;

const ROLES = {
  admin: { id: 1, emailAddress: 'admin@test.example', isAdmin: true, creditorNumber: null },
  supplier: { id: 2, emailAddress: 'Einkauf@Lieferant.example', isAdmin: false, creditorNumber: OWN },
  'supplier without creditor': {
    id: 3,
    emailAddress: 'ohne@lieferant.example',
    isAdmin: false,
    creditorNumber: null,
  },
} satisfies Record<string, Actor>;
type Role = keyof typeof ROLES;

const booking = (creditorNumber: number, exported: boolean) => ({ creditorNumber, exported });
const ownOpen = booking(OWN, false);
const ownExported = booking(OWN, true);
const foreignOpen = booking(OTHER, false);
const foreignExported = booking(OTHER, true);
const record = (number: number, isActive: boolean) => ({ number, isActive });

type Row = [Role, PolicyName, string, unknown[], boolean];

// role × action × object → allowed. The object column names what the arguments after the actor are.
const ROWS: Row[] = [
  // Bookings: ownership (another creditor's is not there) and the export lock.
  ['admin', 'booking:view', 'foreign booking', [foreignExported], true],
  ['supplier', 'booking:view', 'own booking', [ownExported], true],
  ['supplier', 'booking:view', 'foreign booking', [foreignOpen], false],
  ['supplier without creditor', 'booking:view', 'any booking', [ownOpen], false],
  ['admin', 'booking:edit', 'foreign exported booking', [foreignExported], true],
  ['admin', 'booking:delete', 'foreign exported booking', [foreignExported], true],
  ['supplier', 'booking:edit', 'own open booking', [ownOpen], true],
  ['supplier', 'booking:delete', 'own open booking', [ownOpen], true],
  ['supplier', 'booking:edit', 'own exported booking', [ownExported], false],
  ['supplier', 'booking:delete', 'own exported booking', [ownExported], false],
  ['supplier', 'booking:edit', 'foreign open booking', [foreignOpen], false],
  ['supplier', 'booking:delete', 'foreign open booking', [foreignOpen], false],
  ['admin', 'booking:changeExported', '–', [], true],
  ['supplier', 'booking:changeExported', '–', [], false],
  ['admin', 'booking:anyCreditor', '–', [], true],
  ['supplier', 'booking:anyCreditor', '–', [], false],
  ['admin', 'booking:saveIgnoringWarnings', '–', [], true],
  ['supplier', 'booking:saveIgnoringWarnings', '–', [], false],
  ['admin', 'bookings:export', '–', [], true],
  ['supplier', 'bookings:export', '–', [], false],
  // Upload: a supplier needs a creditor to book for.
  ['admin', 'upload', '–', [], true],
  ['supplier', 'upload', '–', [], true],
  ['supplier without creditor', 'upload', '–', [], false],
  // Export batches: admins only. Upload batches: a supplier its own creditor's alone.
  ['admin', 'exportBatches:read', '–', [], true],
  ['supplier', 'exportBatches:read', '–', [], false],
  ['admin', 'uploadBatch:view', 'mixed batch', [{ creditorNumber: null }], true],
  ['admin', 'uploadBatch:undo', 'foreign batch', [{ creditorNumber: OTHER }], true],
  ['supplier', 'uploadBatch:view', 'own batch', [{ creditorNumber: OWN }], true],
  ['supplier', 'uploadBatch:undo', 'own batch', [{ creditorNumber: OWN }], true],
  ['supplier', 'uploadBatch:view', 'foreign batch', [{ creditorNumber: OTHER }], false],
  ['supplier', 'uploadBatch:undo', 'foreign batch', [{ creditorNumber: OTHER }], false],
  ['supplier', 'uploadBatch:undo', 'mixed batch', [{ creditorNumber: null }], false],
  ['supplier without creditor', 'uploadBatch:view', 'mixed batch', [{ creditorNumber: null }], false],
  // Master data: admins read and write all; suppliers read active articles and debitors, own creditor.
  ['admin', 'masterData:read', 'inactive article', ['articles', record(1200, false)], true],
  ['admin', 'masterData:read', 'other creditor', ['creditors', record(OTHER, true)], true],
  ['supplier', 'masterData:read', 'active article', ['articles', record(1200, true)], true],
  ['supplier', 'masterData:read', 'inactive article', ['articles', record(1200, false)], false],
  ['supplier', 'masterData:read', 'active debitor', ['debitors', record(4711, true)], true],
  ['supplier', 'masterData:read', 'inactive debitor', ['debitors', record(4711, false)], false],
  ['supplier', 'masterData:read', 'own inactive creditor', ['creditors', record(OWN, false)], true],
  ['supplier', 'masterData:read', 'other active creditor', ['creditors', record(OTHER, true)], false],
  ['supplier without creditor', 'masterData:read', 'a creditor', ['creditors', record(OWN, true)], false],
  ['admin', 'masterData:askFor', 'other creditor', ['creditors', OTHER], true],
  ['supplier', 'masterData:askFor', 'own creditor', ['creditors', OWN], true],
  ['supplier', 'masterData:askFor', 'other creditor', ['creditors', OTHER], false],
  ['supplier', 'masterData:askFor', 'any article', ['articles', 1200], true],
  ['supplier without creditor', 'masterData:askFor', 'a creditor', ['creditors', OWN], false],
  ['admin', 'masterData:write', '–', [], true],
  ['supplier', 'masterData:write', '–', [], false],
  ['admin', 'masterData:export', '–', [], true],
  ['supplier', 'masterData:export', '–', [], false],
  ['admin', 'debitors:export', '–', [], true],
  ['supplier', 'debitors:export', '–', [], true],
  // Users: admins manage all; everyone reads and edits itself.
  ['admin', 'users:manage', '–', [], true],
  ['supplier', 'users:manage', '–', [], false],
  ['admin', 'user:view', 'another user', [{ id: 2 }], true],
  ['supplier', 'user:view', 'itself', [{ id: 2 }], true],
  ['supplier', 'user:view', 'another user', [{ id: 1 }], false],
  ['admin', 'user:edit', 'another user', [{ id: 3 }], true],
  ['supplier', 'user:edit', 'itself', [{ id: 2 }], true],
  ['supplier', 'user:edit', 'another user', [{ id: 3 }], false],
  ['admin', 'user:lookUp', 'another address', ['einkauf@lieferant.example'], true],
  ['supplier', 'user:lookUp', 'its address, other case and spaces', [' EINKAUF@lieferant.example '], true],
  ['supplier', 'user:lookUp', 'another address', ['admin@test.example'], false],
  // The reporting status: admins every creditor and the xlsx; a supplier its own months only.
  ['admin', 'reportingStatus:all', '–', [], true],
  ['supplier', 'reportingStatus:all', '–', [], false],
  ['admin', 'reportingStatus:export', '–', [], true],
  ['supplier', 'reportingStatus:export', '–', [], false],
  // The audit trail: admins only.
  ['admin', 'audit:read', '–', [], true],
  ['supplier', 'audit:read', '–', [], false],
  ['admin', 'mail:read', '–', [], true],
  ['supplier', 'mail:read', '–', [], false],
  ['admin', 'mail:send', '–', [], true],
  ['supplier', 'mail:send', '–', [], false],
  ['admin', 'profile:edit', '–', [], true],
  ['supplier', 'profile:edit', '–', [], true],
  // Another user's second factor: admins only (one's own needs password and code on Mein Profil).
  ['admin', 'secondFactor:reset', '–', [], true],
  ['supplier', 'secondFactor:reset', '–', [], false],
];

describe('POLICIES', () => {
  it.each(ROWS)('%s, %s, %s → %s', (role, action, _object, args, allowed) => {
    const policy = POLICIES[action] as (actor: Actor, ...rest: unknown[]) => boolean;
    expect(policy(ROLES[role], ...args)).toBe(allowed);
  });

  it('has a row for every policy', () => {
    expect(new Set(ROWS.map((row) => row[1]))).toEqual(new Set(Object.keys(POLICIES)));
  });
});

describe('uploadUndoable', () => {
  it('undoes an upload only while none of its bookings is exported, for everyone', () => {
    expect(uploadUndoable([ownOpen, foreignOpen])).toBe(true);
    expect(uploadUndoable([ownOpen, ownExported])).toBe(false);
    expect(uploadUndoable([])).toBe(true);
  });
});

describe('scopes', () => {
  it('gives admins every creditor’s bookings, a supplier its own, one without a creditor none', () => {
    expect(bookingScope(ROLES.admin)).toEqual({ allCreditors: true });
    expect(bookingScope(ROLES.supplier)).toEqual({ allCreditors: false, creditorNumber: OWN });
    expect(bookingScope(ROLES['supplier without creditor'])).toEqual({
      allCreditors: false,
      creditorNumber: null,
    });
  });

  it('names what of each master-data kind a user reads', () => {
    expect(masterDataScope(ROLES.admin, 'creditors')).toBe('all');
    expect(masterDataScope(ROLES.supplier, 'articles')).toBe('active');
    expect(masterDataScope(ROLES.supplier, 'debitors')).toBe('active');
    expect(masterDataScope(ROLES.supplier, 'creditors')).toBe('ownCreditor');
  });

  it('reads a wire booking as its creditor and export state', () => {
    expect(bookingAccess({ creditorId: OWN, exportDate: null })).toEqual(ownOpen);
    expect(bookingAccess({ creditorId: OTHER, exportDate: '2026-03-01T10:00:00.000Z' })).toEqual(
      foreignExported,
    );
  });
});

describe('mustEnrolSecondFactor', () => {
  it('holds only an admin without a second factor, and only with MFA_FOR_ADMINS=required', () => {
    expect(mustEnrolSecondFactor({ isAdmin: true, secondFactor: false }, 'required')).toBe(true);
    expect(mustEnrolSecondFactor({ isAdmin: true, secondFactor: true }, 'required')).toBe(false);
    expect(mustEnrolSecondFactor({ isAdmin: false, secondFactor: false }, 'required')).toBe(false);
    expect(mustEnrolSecondFactor({ isAdmin: true, secondFactor: false }, 'optional')).toBe(false);
  });
});
