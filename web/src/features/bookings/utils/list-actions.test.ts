import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { describe, expect, it } from 'vitest';
import { deleteDecision, exportDecision } from './list-actions';
import { EMPTY_FILTER } from './list-state';

const admin = { id: 1, emailAddress: 'admin@test.example', isAdmin: true, creditorNumber: null };
const supplier = { id: 2, emailAddress: 'einkauf@test.example', isAdmin: false, creditorNumber: 70001 };
const open = { creditorId: 70001, exportDate: null };
const exported = { creditorId: 70001, exportDate: '2026-03-01T10:00:00.000Z' };

describe('deleteDecision', () => {
  it('alerts when nothing is selected, mentioning that only admins delete exported bookings', () => {
    expect(deleteDecision([], admin)).toEqual({
      kind: 'alert',
      message: BOOKING_UI_MESSAGES.deleteNothingSelected,
    });
    expect(BOOKING_UI_MESSAGES.deleteNothingSelected).toContain('Administratoren');
  });

  it('asks before deleting bookings that were not exported', () => {
    expect(deleteDecision([open], supplier)).toEqual({
      kind: 'confirm',
      message: BOOKING_UI_MESSAGES.deleteConfirm(1),
    });
    expect(BOOKING_UI_MESSAGES.deleteConfirm(3)).toBe(
      'Sind Sie sicher, dass Sie die 3 ausgewählten Buchungen löschen möchten? Dieser Vorgang kann nicht rückgängig gemacht werden!',
    );
  });

  it('refuses a supplier deleting exported bookings', () => {
    expect(deleteDecision([open, exported], supplier)).toEqual({
      kind: 'alert',
      message: BOOKING_MESSAGES.exportedNotDeletable,
    });
  });

  it('asks an admin, naming the count of exported ones when more than one and third-party systems', () => {
    const one = deleteDecision([open, exported], admin);
    expect(one).toEqual({ kind: 'confirm', message: BOOKING_UI_MESSAGES.deleteExportedConfirm(1, 2) });
    expect(BOOKING_UI_MESSAGES.deleteExportedConfirm(1, 2)).toMatch(/^Eine der ausgewählten Buchungen/);
    const two = deleteDecision([exported, exported, open], admin);
    expect(two.kind === 'confirm' && two.message).toMatch(/^2 der ausgewählten Buchungen .*Drittsystemen/);
  });
});

describe('exportDecision', () => {
  it('warns of a re-export when nothing is selected and "not exported" is not ticked', () => {
    expect(exportDecision([], EMPTY_FILTER, 12)).toEqual({
      kind: 'confirm',
      message: BOOKING_UI_MESSAGES.exportAllConfirm,
    });
    expect(exportDecision([], { ...EMPTY_FILTER, notExportedOnly: true }, 12)).toEqual({
      kind: 'proceed',
    });
  });

  it('stops with a message when the list shows no booking for the filter, not while it is loading', () => {
    const nothing = { kind: 'alert', message: BOOKING_UI_MESSAGES.exportNothingFound };
    expect(exportDecision([], EMPTY_FILTER, 0)).toEqual(nothing);
    expect(exportDecision([], { ...EMPTY_FILTER, notExportedOnly: true }, 0)).toEqual(nothing);
    expect(exportDecision([], { ...EMPTY_FILTER, notExportedOnly: true }, undefined)).toEqual({
      kind: 'proceed',
    });
  });

  it('exports a selection of new bookings without asking', () => {
    expect(exportDecision([open, open], EMPTY_FILTER, 12)).toEqual({ kind: 'proceed' });
  });

  it('asks when the selection holds exported bookings, with the count when more than one', () => {
    expect(exportDecision([exported, open], EMPTY_FILTER, 12)).toEqual({
      kind: 'confirm',
      message: BOOKING_UI_MESSAGES.exportSelectedConfirm(1, 2),
    });
    expect(BOOKING_UI_MESSAGES.exportSelectedConfirm(1, 2)).toMatch(/^Eine der ausgewählten Buchungen wurde/);
    const two = exportDecision([exported, exported], EMPTY_FILTER, 12);
    expect(two.kind === 'confirm' && two.message).toMatch(/^Die 2 ausgewählten Buchungen wurden/);
    const twoOfThree = exportDecision([exported, exported, open], EMPTY_FILTER, 12);
    expect(twoOfThree.kind === 'confirm' && twoOfThree.message).toMatch(
      /^2 der ausgewählten Buchungen wurden/,
    );
  });

  it('names a selection of one as the selected booking, not as one of them', () => {
    const one = exportDecision([exported], EMPTY_FILTER, 12);
    expect(one.kind === 'confirm' && one.message).toMatch(
      /^Die ausgewählte Buchung wurde bereits exportiert und wird/,
    );
    const deletion = deleteDecision([exported], admin);
    expect(deletion.kind === 'confirm' && deletion.message).toMatch(
      /^Die ausgewählte Buchung wurde bereits exportiert und muss .* die ausgewählte Buchung löschen/,
    );
  });
});
