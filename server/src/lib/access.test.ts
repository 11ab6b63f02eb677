// The one door to the rules: a refusal answers as its rule says (404 where a record must stay hidden,
// 403 otherwise), or as the service's own refusal where the spec has one.
import { describe, expect, it } from 'vitest';
import { POLICY_HIDES_RECORDS } from '@lp/domain/policies';
import { AppError } from './app-error';
import { hasAccess, requireAccess } from './access';

const admin = { id: 1, emailAddress: 'admin@test.example', isAdmin: true, creditorNumber: null };
const supplier = { id: 2, emailAddress: 'lieferant@test.example', isAdmin: false, creditorNumber: 70001 };
const otherCreditorsBooking = { creditorNumber: 70002, exported: false };
const ownExportedBooking = { creditorNumber: 70001, exported: true };

function refusalOf(act: () => void): AppError | undefined {
  try {
    act();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('requireAccess', () => {
  it("answers another creditor's booking like a missing one (404), so ids cannot be probed", () => {
    const refusal = refusalOf(() => requireAccess(supplier, 'booking:view', [otherCreditorsBooking]));
    expect(refusal?.statusCode).toBe(404);
    expect(POLICY_HIDES_RECORDS.has('booking:view')).toBe(true);
  });

  it('answers a right the user lacks with 403', () => {
    expect(refusalOf(() => requireAccess(supplier, 'bookings:export', []))?.statusCode).toBe(403);
    expect(refusalOf(() => requireAccess(supplier, 'user:edit', [{ id: 3 }]))?.statusCode).toBe(403);
  });

  it("answers with the service's own refusal where it gives one (the export lock)", () => {
    const refusal = refusalOf(() =>
      requireAccess(supplier, 'booking:edit', [ownExportedBooking], () =>
        AppError.of('EXPORTED_LOCKED', 'x'),
      ),
    );
    expect(refusal?.code).toBe('EXPORTED_LOCKED');
    expect(refusal?.statusCode).toBe(403);
  });

  it('lets through what the rule allows', () => {
    expect(refusalOf(() => requireAccess(admin, 'booking:edit', [ownExportedBooking]))).toBeUndefined();
    expect(refusalOf(() => requireAccess(supplier, 'user:edit', [{ id: 2 }]))).toBeUndefined();
    expect(hasAccess(supplier, 'booking:anyCreditor')).toBe(false);
    expect(hasAccess(admin, 'booking:anyCreditor')).toBe(true);
  });
});
