import { describe, expect, it } from 'vitest';
import { changeLines, formatAuditValue } from './audit-changes';

describe('formatAuditValue', () => {
  it.each([
    ['invoiceDate', '2026-03-15T00:00:00.000Z', '15.03.2026'],
    ['exportDate', '2026-03-15T09:05:00.000Z', '15.03.2026 10:05'],
    ['exportDate', '2026-07-01T22:30:00.000Z', '02.07.2026 00:30'],
    ['net', 1234.5, '1.234,50'],
    ['isActive', true, 'ja'],
    ['isAdmin', false, 'nein'],
    ['additionalInformation', null, 'leer'],
    ['name', '', 'leer'],
    ['articleId', 1200, '001200'],
    ['city', 'Köln', 'Köln'],
  ])('%s %j → %s', (field, value, text) => {
    expect(formatAuditValue(field, value)).toBe(text);
  });

  it('pads an article’s own number, not another record’s', () => {
    expect(formatAuditValue('number', 1200, 'article')).toBe('001200');
    expect(formatAuditValue('number', 70001, 'creditor')).toBe('70001');
  });
});

describe('changeLines', () => {
  it('labels fields in German, in the form’s order, and shows a password only as changed', () => {
    expect(
      changeLines('user', 'update', {
        password: { changed: true },
        isActive: { old: true, new: false },
        emailAddress: { old: 'a@example.org', new: 'b@example.org' },
      }),
    ).toEqual([
      { field: 'emailAddress', label: 'E-Mail-Adresse', from: 'a@example.org', to: 'b@example.org' },
      { field: 'password', label: 'Passwort', to: 'geändert' },
      { field: 'isActive', label: 'Aktiv', from: 'ja', to: 'nein' },
    ]);
  });

  it('names a booking’s fields as the booking form does', () => {
    expect(
      changeLines('booking', 'update', {
        net: { old: 100, new: 99.95 },
        invoiceNumber: { old: 'RE-1', new: 'RE-2' },
      }).map((line) => `${line.label}: ${line.from} → ${line.to}`),
    ).toEqual(['Bestell-/Rechnungsnummer: RE-1 → RE-2', 'Nettobetrag: 100,00 → 99,95']);
  });

  it('shows a create’s new values and a delete’s last values without arrows', () => {
    const lines = (action: 'create' | 'delete', old: string | null, now: string | null) =>
      changeLines('article', action, { name: { old, new: now } });
    expect(lines('create', null, 'Papier')).toEqual([{ field: 'name', label: 'Bezeichnung', to: 'Papier' }]);
    expect(lines('delete', 'Papier', null)).toEqual([{ field: 'name', label: 'Bezeichnung', to: 'Papier' }]);
  });
});
