import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, fakeApi, renderRoute, supplier } from '../testing/render-route';

afterEach(() => vi.unstubAllGlobals());

const articles = [
  { id: 1, number: 999, name: 'Leermeldung', isActive: true },
  { id: 2, number: 1200, name: 'Recyclingpapier', isActive: false },
];

describe('master-data hub and lists', () => {
  it('sends an admin from /management to the article list with the four tabs', async () => {
    fakeApi({ 'GET /api/articles': { body: articles } });
    const { router } = renderRoute('/management', admin);
    expect(await screen.findByRole('heading', { level: 2, name: 'Verfügbare Artikel' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/management/articles');
    const tabs = screen.getByRole('navigation', { name: 'Stammdaten' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Artikel', 'Kreditoren', 'Debitoren', 'Benutzer']);
    expect(screen.getByRole('button', { name: 'Stammdaten herunterladen (Excel)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Debitorenliste/ })).toBeNull();
  });

  it('shows padded numbers, names and checkmarks, each row linking to its edit page', async () => {
    fakeApi({ 'GET /api/articles': { body: articles } });
    renderRoute('/management/articles');
    const table = await screen.findByRole('table', { name: 'Verfügbare Artikel' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Artikelnummer', 'Bezeichnung', 'Aktiv']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['000999 Systemdatensatz', 'Leermeldung', '✓'],
      ['001200', 'Recyclingpapier', ''],
    ]);
    expect(within(table).getByRole('link', { name: '001200' })).toHaveAttribute(
      'href',
      '/management/articles/edit?id=1200',
    );
    expect(screen.getByRole('link', { name: 'Artikel hinzufügen' })).toHaveAttribute(
      'href',
      '/management/articles/edit?id=new',
    );
  });

  it('narrows a list by every typed word in number, name or address, and keeps the search in the URL', async () => {
    const debitors = [
      {
        number: 10001,
        name: 'Stadtverwaltung Hanau',
        street: 'Am Markt 14',
        zipCode: '63450',
        city: 'Hanau',
      },
      { number: 10002, name: 'Kita Sonnenschein', street: 'Bahnstraße 2', zipCode: '63225', city: 'Langen' },
      { number: 10003, name: 'Grundschule Süd', street: 'Schulweg 3', zipCode: '63225', city: 'Langen' },
    ].map((d) => ({ ...d, isActive: true, lastTransactionCreationDate: null }));
    fakeApi({ 'GET /api/debitors': { body: debitors } });
    const user = userEvent.setup();
    const { router } = renderRoute('/management/debitors');
    const table = await screen.findByRole('table', { name: 'Verfügbare Debitoren' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(screen.getByText('3 von 3 Einträgen')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }), 'langen schule');
    expect(names()).toEqual(['Grundschule Süd']);
    expect(screen.getByText('1 von 3 Einträgen')).toBeVisible();
    expect(router.state.location.search).toBe('?search=langen+schule');
    await user.clear(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }));
    await user.type(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }), '6322');
    expect(names()).toEqual(['Kita Sonnenschein', 'Grundschule Süd']);
    await user.type(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }), ' Köln');
    expect(within(table).getByRole('cell', { name: 'Keine Einträge gefunden' })).toBeVisible();
  });

  it('finds an article by its number with or without the leading zeros', async () => {
    fakeApi({ 'GET /api/articles': { body: articles } });
    const user = userEvent.setup();
    renderRoute('/management/articles?search=1200');
    const table = await screen.findByRole('table', { name: 'Verfügbare Artikel' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: '001200' })).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }));
    await user.type(screen.getByRole('searchbox', { name: 'Liste durchsuchen' }), '000999');
    expect(within(table).getByRole('link', { name: '000999' })).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('says "Keine Einträge gefunden" for an empty list', async () => {
    fakeApi({ 'GET /api/debitors': { body: [] } });
    renderRoute('/management/debitors');
    expect(await screen.findByRole('cell', { name: 'Keine Einträge gefunden' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Debitornummer',
      'Name',
      'Straße und Hausnummer',
      'PLZ',
      'Ort',
      'Aktiv',
    ]);
  });

  it('masks passwords in the user list and links users by id', async () => {
    fakeApi({
      'GET /api/users': {
        body: [{ id: 7, emailAddress: 'a@example.org', isAdmin: true, isActive: true, creditorNumber: null }],
      },
    });
    renderRoute('/management/users');
    const link = await screen.findByRole('link', { name: 'a@example.org' });
    expect(link).toHaveAttribute('href', '/management/users/edit?id=7');
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('••••••••');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'E-Mail-Adresse',
      'Passwort',
      'Administrator',
      'Aktiv',
    ]);
  });

  it('shows a supplier the debitor export only: no tabs, no add link', async () => {
    fakeApi({ 'GET /api/debitors': { body: [] } });
    renderRoute('/management', supplier);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stammdaten' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Debitorenliste herunterladen (Excel)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Stammdaten herunterladen/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Stammdaten' })).toBeNull();
  });

  it('says a list failed to load, not that it is empty, and loads it again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    fakeApi({
      'GET /api/articles': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { errors: [] } } : { body: articles };
      },
    });
    renderRoute('/management/articles');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Die Liste konnte nicht geladen werden.');
    expect(screen.queryByText('Keine Einträge gefunden')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: '001200' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides the add link from suppliers and reports a refused list', async () => {
    fakeApi({
      'GET /api/users': { status: 403, body: { errors: [{ property: '', message: 'Verboten.' }] } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/management/users', supplier);
    expect(await screen.findByText('Verboten.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Benutzer hinzufügen' })).toBeNull();
  });
});
