import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@lp/domain/audit';
import type { User } from '@lp/domain/entities';
import { CurrentUserContext } from '../../lib/current-user';
import { AuditHistory } from './audit-history';

afterEach(() => vi.unstubAllGlobals());

const admin: User = {
  id: 1,
  emailAddress: 'admin@example.org',
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
};
const supplier: User = {
  ...admin,
  id: 2,
  emailAddress: 'lieferant@example.org',
  isAdmin: false,
  creditorNumber: 70001,
};

function stubAudit(entries: AuditEntry[]) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(entries), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderHistory(user: User, entity: 'booking' | 'user', id: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CurrentUserContext value={user}>
        <AuditHistory entity={entity} id={id} />
      </CurrentUserContext>
    </QueryClientProvider>,
  );
}

const rowsText = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('AuditHistory', () => {
  it('shows admins the history newest first: German labels, old → new, Berlin time', async () => {
    const fetch = stubAudit([
      {
        at: '2026-03-15T09:05:00.000Z',
        userEmailAddress: 'admin@example.org',
        action: 'update',
        changes: {
          net: { old: 100, new: 99.95 },
          invoiceDate: { old: '2026-03-01T00:00:00.000Z', new: '2026-03-02T00:00:00.000Z' },
        },
      },
      {
        at: '2026-03-14T23:30:00.000Z',
        userEmailAddress: 'lieferant@example.org',
        action: 'create',
        changes: { invoiceNumber: { old: null, new: 'RE-1' } },
      },
    ]);
    renderHistory(admin, 'booking', 42);
    expect(await screen.findByRole('heading', { name: 'Änderungsverlauf' })).toBeVisible();
    expect(await screen.findByRole('table')).toBeVisible();
    expect(rowsText()).toEqual([
      [
        '15.03.2026 10:05',
        'admin@example.org',
        'Geändert',
        'Rechnungsdatum: 01.03.2026 → 02.03.2026Nettobetrag: 100,00 → 99,95',
      ],
      ['15.03.2026 00:30', 'lieferant@example.org', 'Angelegt', 'Bestell-/Rechnungsnummer: RE-1'],
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/audit?entity=transaction&id=42', expect.anything());
  });

  it('shows a password change only as "geändert"', async () => {
    stubAudit([
      {
        at: '2026-03-15T09:05:00.000Z',
        userEmailAddress: 'admin@example.org',
        action: 'update',
        changes: { password: { changed: true } },
      },
    ]);
    renderHistory(admin, 'user', 7);
    await screen.findByRole('table');
    expect(rowsText()[0]![3]).toBe('Passwort: geändert');
  });

  it('says so when nothing was recorded yet', async () => {
    stubAudit([]);
    renderHistory(admin, 'user', 7);
    expect(await screen.findByText('Noch keine Einträge.')).toBeVisible();
  });

  it('shows nothing to a supplier and does not ask the server', () => {
    const fetch = stubAudit([]);
    renderHistory(supplier, 'booking', 42);
    expect(screen.queryByRole('heading', { name: 'Änderungsverlauf' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
