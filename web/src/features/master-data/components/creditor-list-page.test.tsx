import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urgencyMailHref } from '@lp/domain/urgency-mail';
import { fakeApi, renderRoute } from '../testing/render-route';

let opened: string[] = [];
beforeEach(() => {
  opened = [];
  // jsdom does not follow links: record the mail drafts the page opens.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.href);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const creditors = [
  {
    id: 1,
    number: 70001,
    name: 'Papier GmbH',
    isActive: true,
    lastTransactionCreationDate: '2026-03-15T09:00:00.000Z',
  },
  { id: 2, number: 70002, name: 'Toner AG', isActive: true, lastTransactionCreationDate: null },
];

describe('creditor list', () => {
  it('shows the last booking as dd.MM.yyyy and opens a mail draft to all active users', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/creditors/70001/email-addresses': { body: ['a@papier.example', 'b@papier.example'] },
    });
    renderRoute('/management/creditors');
    const row = (await screen.findByRole('link', { name: '70001' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['70001', 'Papier GmbH', '15.03.2026', '✓', 'E-Mail verfassen']);
    await user.click(within(row).getByRole('button', { name: 'E-Mail verfassen 70001 – Papier GmbH' }));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toBe(
      urgencyMailHref(['a@papier.example', 'b@papier.example'], creditors[0]!.lastTransactionCreationDate),
    );
  });

  it('shows "–" for a creditor without bookings', async () => {
    fakeApi({ 'GET /api/creditors': { body: creditors } });
    renderRoute('/management/creditors');
    const row = (await screen.findByRole('link', { name: '70002' })).closest('tr')!;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^–$/);
  });

  it('tells the admin when the creditor has no active users instead of opening an empty draft', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/creditors/70002/email-addresses': { body: [] },
    });
    renderRoute('/management/creditors');
    await user.click(await screen.findByRole('button', { name: /E-Mail verfassen 70002/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für den Kreditor 70002 – Toner AG gibt es keine aktiven Benutzer mit E-Mail-Adresse.',
    );
    expect(opened).toEqual([]);
  });
});
