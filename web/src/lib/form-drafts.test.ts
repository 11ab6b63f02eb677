import { afterEach, describe, expect, it } from 'vitest';
import {
  clearDrafts,
  keepDraftsForRelogin,
  pathAfterLogin,
  readRelogin,
  registerDraftSource,
  takeDraft,
  writeDraft,
} from './form-drafts';

afterEach(() => sessionStorage.clear());

describe('form drafts', () => {
  it('restores a draft once, for its user and form only', () => {
    writeDraft(1, 'manual-entry', { invoiceNumber: 'RE-1' });
    expect(takeDraft(2, 'manual-entry')).toBeNull();
    expect(takeDraft(1, 'empty-report')).toBeNull();
    expect(takeDraft(1, 'manual-entry')).toEqual({ invoiceNumber: 'RE-1' });
    expect(takeDraft(1, 'manual-entry')).toBeNull();
  });

  it('keeps the changed forms of the signed-in user on a 401 and notes where the user was', () => {
    const unregister = [
      registerDraftSource({ userId: 1, formKey: 'manual-entry', values: () => ({ net: '12,50' }) }),
      registerDraftSource({ userId: 1, formKey: 'booking-edit:4:1', values: () => null }),
      registerDraftSource({ userId: 2, formKey: 'manual-entry', values: () => ({ net: '99' }) }),
    ];
    keepDraftsForRelogin(1, '/input/manual');
    unregister.forEach((u) => u());
    expect(readRelogin()).toEqual({ userId: 1, returnTo: '/input/manual', draftsKept: true });
    expect(takeDraft(1, 'manual-entry')).toEqual({ net: '12,50' });
    expect(takeDraft(1, 'booking-edit:4:1')).toBeNull();
    expect(takeDraft(2, 'manual-entry')).toBeNull();
  });

  it('says no drafts were kept when no form had changes', () => {
    keepDraftsForRelogin(1, '/transactions');
    expect(readRelogin()).toMatchObject({ draftsKept: false });
  });

  it('clears every draft and the login reason on logout', () => {
    writeDraft(1, 'manual-entry', { net: '1' });
    keepDraftsForRelogin(1, '/input/manual');
    sessionStorage.setItem('other', 'stays');
    clearDrafts();
    expect(takeDraft(1, 'manual-entry')).toBeNull();
    expect(readRelogin()).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('stays');
  });

  it.each([
    ['the same user goes back', 1, '/input/manual', '/input/manual'],
    ['another user starts at the fallback', 2, '/input/manual', '/transactions'],
    ['no address of another site', 1, '//evil.example/x', '/transactions'],
    ['not back to the login', 1, '/login', '/transactions'],
  ])('after the login: %s', (_case, userId, returnTo, expected) => {
    expect(pathAfterLogin({ userId: 1, returnTo, draftsKept: true }, userId, '/transactions')).toBe(expected);
  });

  it('leads to the fallback without a reason', () => {
    expect(pathAfterLogin(null, 1, '/transactions')).toBe('/transactions');
  });
});
