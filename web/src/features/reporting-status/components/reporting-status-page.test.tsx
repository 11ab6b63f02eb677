import { monthInputProblem } from '@lp/domain/date-input';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORTING_STATUS_MESSAGES } from '@lp/domain/messages';
import {
  addMonths,
  currentMonth,
  formatMonth,
  type CreditorReportingStatus,
  type ReportingState,
  type ReportingStatus,
} from '@lp/domain/reporting-status';
import { urgencyMailHref } from '@lp/domain/urgency-mail';
import { admin, fakeApi, renderStatus, supplier, type Call } from '../testing/render-status';
import { answerDialog } from '../../../lib/testing/message-dialog';

let opened: string[] = [];
beforeEach(() => {
  opened = [];
  // jsdom does not follow links: record the mail drafts the page opens.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.href);
  });
  // The chart sizes itself with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MONTHS = ['2026-01', '2026-02', '2026-03'];
const creditor = (
  number: number,
  name: string,
  states: ReportingState[],
  isActive = true,
): CreditorReportingStatus => ({
  number,
  name,
  isActive,
  lastTransactionCreationDate: '2026-02-10T09:00:00.000Z',
  months: states.map((state, i) => ({
    month: MONTHS[i]!,
    state,
    count: state === 'reported' ? 3 : 0,
    net: state === 'reported' ? 1234.5 : 0,
  })),
});

const ACTIVE = [
  creditor(70001, 'Papier GmbH', ['reported', 'empty', 'missing']),
  creditor(70002, 'Toner AG', ['reported', 'reported', 'reported']),
  creditor(70003, 'Büro KG', ['missing', 'missing', 'empty']),
];
const INACTIVE = creditor(70009, 'Alt GmbH', ['missing', 'missing', 'missing'], false);

/** The API's answer: inactive creditors only when asked for, like the server. */
function statusAnswer({ url }: Call) {
  const body: ReportingStatus = {
    months: MONTHS,
    creditors: url.searchParams.get('includeInactive') === 'true' ? [...ACTIVE, INACTIVE] : ACTIVE,
  };
  return { body };
}

const PATH = '/status?from=2026-01&until=2026-03';
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(name) }, { timeout: 10_000 })).closest('tr')!;
const shownCreditors = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.status-matrix__name')?.textContent)
    .filter(Boolean);

describe('reporting status, admin', () => {
  it('shows each state as word and symbol with count and net sum; a cell opens the bookings of that month', async () => {
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus(PATH);
    const row = await rowOf('70001 – Papier GmbH');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '70001 – Papier GmbH, 01.2026: ✓ gemeldet3 · 1.234,50\u00a0€',
      '70001 – Papier GmbH, 02.2026: ○ Leermeldung',
      '70001 – Papier GmbH, 03.2026: ✗ fehlt',
    ]);
    expect(cells.map((cell) => cell.className)).toEqual([
      'status-cell status-cell--reported',
      'status-cell status-cell--empty',
      'status-cell status-cell--missing',
    ]);
    const link = within(cells[0]!).getByRole('link', {
      name: /^70001 – Papier GmbH, 01\.2026: .*gemeldet 3 · 1\.234,50\u00a0€$/,
    });
    expect(link).toHaveAttribute(
      'href',
      '/transactions?invoiceDateFrom=2026-01-01&invoiceDateUntil=2026-01-31&creditor=70001',
    );
    const matrix = screen.getByRole('table', { name: 'Meldestatus je Kreditor und Monat' });
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Kreditor', '01.2026', '02.2026', '03.2026']);
    const request = calls.find((call) => call.url.pathname === '/api/reporting-status')!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ from: '2026-01', until: '2026-03' });
  });

  it('opens the bookings list when a cell is clicked', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/reporting-status': statusAnswer });
    const { router } = renderStatus(PATH);
    const row = await rowOf('70002 – Toner AG');
    await user.click(within(row).getAllByRole('link')[1]!);
    expect(router.state.location.pathname).toBe('/transactions');
    expect(router.state.location.search).toBe(
      '?invoiceDateFrom=2026-02-01&invoiceDateUntil=2026-02-28&creditor=70002',
    );
  });

  it('filters to creditors with a missing month, searches number and name, keeps both in the URL', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/reporting-status': statusAnswer });
    const { router } = renderStatus(PATH);
    await rowOf('Papier');
    expect(shownCreditors()).toEqual(['70001 – Papier GmbH', '70002 – Toner AG', '70003 – Büro KG']);

    await user.click(screen.getByRole('checkbox', { name: 'nur mit fehlenden Meldungen' }));
    expect(shownCreditors()).toEqual(['70001 – Papier GmbH', '70003 – Büro KG']);
    expect(screen.getByText('2 von 3 Kreditoren')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Suche nach Nummer oder Name' }), 'büro');
    expect(shownCreditors()).toEqual(['70003 – Büro KG']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '7000');
    expect(shownCreditors()).toEqual(['70001 – Papier GmbH', '70003 – Büro KG']);
    await user.type(screen.getByRole('searchbox'), '2');
    expect(screen.getByText('Keine Einträge gefunden')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('onlyMissing')).toBe('true');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('70002');
  });

  it('reads the filters from the URL and asks the API for inactive creditors on request', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus(`${PATH}&onlyMissing=true&search=Papier`);
    await rowOf('Papier');
    expect(shownCreditors()).toEqual(['70001 – Papier GmbH']);
    await user.clear(screen.getByRole('searchbox'));
    await user.click(screen.getByRole('checkbox', { name: 'inaktive Kreditoren anzeigen' }));
    const row = await rowOf('70009 – Alt GmbH');
    expect(row).toHaveTextContent('(inaktiv)');
    expect(calls.at(-1)!.url.searchParams.get('includeInactive')).toBe('true');
  });

  it('applies a month range through von/bis and refuses a reversed one in German', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    const { router } = renderStatus(PATH);
    await rowOf('Papier');
    const from = screen.getByLabelText('von');
    expect(from).toHaveAttribute('placeholder', 'MM.JJJJ');
    await user.clear(from);
    await user.type(from, '11.2025');
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('from')).toBe('2025-11'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2025-11');

    // A two-digit year waits for the field to be left, then reads as 2026.
    await user.clear(from);
    await user.type(from, '5.26');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(from).toHaveValue('05.2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der letzte Monat darf nicht vor dem ersten Monat liegen.',
    );
    expect(calls.at(-1)!.url.searchParams.get('from')).toBe('2025-11');

    // A month that is none replaces the range's message with its own.
    await user.clear(from);
    await user.type(from, '13.2026');
    expect(screen.getByRole('alert')).toHaveTextContent(monthInputProblem('13.2026')!);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Der letzte Monat');
  });

  it('refuses a month after the current one in German and asks the API for none', async () => {
    const user = userEvent.setup();
    const next = addMonths(currentMonth(), 1);
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus(PATH);
    await rowOf('Papier');
    const until = screen.getByLabelText('bis');
    await user.clear(until);
    await user.type(until, formatMonth(next));
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORTING_STATUS_MESSAGES.monthInFuture);
    expect(calls.map((call) => call.url.searchParams.get('until'))).not.toContain(next);
  });

  it('falls back to the default range for a future month in the URL', async () => {
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus(`/status?from=2026-01&until=${addMonths(currentMonth(), 1)}`);
    await rowOf('Papier');
    expect(calls[0]!.url.searchParams.get('until')).toBe(currentMonth());
  });

  it('falls back to the default range for a bad month in the URL', async () => {
    const calls = fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus('/status?from=2026-13&until=2026-03');
    await rowOf('Papier');
    const params = calls[0]!.url.searchParams;
    expect(params.get('from')).toMatch(/^\d{4}-\d\d$/);
    expect(params.get('from')).not.toBe('2026-13');
  });

  it('opens the urgency e-mail of one creditor with one click', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/reporting-status': statusAnswer,
      'GET /api/creditors/70003/email-addresses': () => ({ body: ['a@buero.example'] }),
    });
    renderStatus(PATH);
    await user.click(await screen.findByRole('button', { name: 'E-Mail verfassen 70003 – Büro KG' }));
    await vi.waitFor(() =>
      expect(opened).toEqual([urgencyMailHref(['a@buero.example'], ACTIVE[2]!.lastTransactionCreationDate)]),
    );
  });

  it('has the server write one urgency mail per creditor missing the month, and says how many were queued', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/reporting-status': statusAnswer,
      'POST /api/reporting-status/urgency-mail': () => ({
        status: 202,
        body: { queued: 1, message: 'Eine E-Mail wurde in den Postausgang gestellt.' },
      }),
    });
    renderStatus(`${PATH}&includeInactive=true`);
    await rowOf('Alt GmbH');
    // A search does not narrow whom the server writes to.
    await user.type(screen.getByRole('searchbox'), 'Toner');
    await user.click(
      screen.getByRole('button', { name: 'Dringlichkeits-E-Mail an alle mit fehlenden Meldungen' }),
    );
    const form = screen.getByRole('group', {
      name: 'Dringlichkeits-E-Mail an alle Kreditoren mit fehlender Meldung',
    });
    // The latest month of the range first: only Papier GmbH misses 03.2026 (Alt GmbH is inactive).
    const month = within(form).getByRole('combobox', { name: 'Fehlender Monat' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['03.2026', '02.2026', '01.2026']);
    expect(form).toHaveTextContent('1 aktiver Kreditor hat für 03.2026 nicht gemeldet.');
    await user.selectOptions(month, '2026-02');
    expect(form).toHaveTextContent('1 aktiver Kreditor hat für 02.2026 nicht gemeldet.');
    await user.selectOptions(month, '2026-03');
    const deadline = within(form).getByRole('textbox', { name: /Frist/ });
    await user.clear(deadline);
    await user.type(deadline, '31.12.2099');
    await user.click(within(form).getByRole('button', { name: 'E-Mails senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Eine E-Mail wurde in den Postausgang gestellt.',
    );
    expect(screen.getByRole('link', { name: 'Zum Postausgang' })).toHaveAttribute('href', '/outbox');
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/reporting-status/urgency-mail', { month: '2026-03', deadline: '2099-12-31' }],
    ]);
    // No mail draft is opened for all.
    expect(opened).toEqual([]);
  });

  it("shows the server's German errors and keeps the form, and sends nothing without a deadline", async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/reporting-status': statusAnswer,
      'POST /api/reporting-status/urgency-mail': () => ({
        status: 400,
        body: {
          errors: [{ property: 'Frist', message: 'Die Frist darf nicht in der Vergangenheit liegen.' }],
        },
      }),
    });
    renderStatus(PATH);
    await rowOf('Papier');
    await user.click(
      screen.getByRole('button', { name: 'Dringlichkeits-E-Mail an alle mit fehlenden Meldungen' }),
    );
    const deadline = screen.getByRole('textbox', { name: /Frist/ });
    await user.clear(deadline);
    await user.click(screen.getByRole('button', { name: 'E-Mails senden' }));
    expect(deadline).toHaveAccessibleDescription(/Pflichtfeld|erforderlich|bitte/i);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(deadline, '01.01.2020');
    await user.click(screen.getByRole('button', { name: 'E-Mails senden' }));
    expect(await screen.findByText('Die Frist darf nicht in der Vergangenheit liegen.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'E-Mails senden' })).toBeEnabled();
  });

  it('marks the months for which reminders of the plan went out, with step and time', async () => {
    fakeApi({
      'GET /api/reporting-status': statusAnswer,
      'GET /api/reminders/sent': () => ({
        body: [
          { creditorNumber: 70003, month: '2026-01', workingDay: 3, sentAt: '2026-02-04T06:00:00.000Z' },
          { creditorNumber: 70003, month: '2026-01', workingDay: 8, sentAt: '2026-02-11T06:00:00.000Z' },
          { creditorNumber: 70001, month: '2026-03', workingDay: 3, sentAt: '2026-04-03T06:00:00.000Z' },
        ],
      }),
    });
    renderStatus(PATH);
    const row = await rowOf('70003 – Büro KG');
    const [january] = within(row).getAllByRole('cell');
    await vi.waitFor(() =>
      expect(january).toHaveTextContent(
        'Erinnert: 3. Arbeitstag, 04.02.2026 07:00; 8. Arbeitstag, 11.02.2026 07:00',
      ),
    );
    expect(within(january!).getByTitle(/^Erinnert:/)).toHaveTextContent(/^✉2/);
    const papier = within(await rowOf('70001 – Papier GmbH')).getAllByRole('cell');
    expect(papier[2]).toHaveTextContent('Erinnert: 3. Arbeitstag, 03.04.2026 08:00');
    expect(papier[0]).not.toHaveTextContent('Erinnert');
    expect(screen.getByRole('list', { name: 'Bedeutung der Zeichen' })).toHaveTextContent(
      '✉ Erinnerung verschickt',
    );
  });

  it('gives the chart a German text alternative', async () => {
    fakeApi({ 'GET /api/reporting-status': statusAnswer });
    renderStatus(PATH);
    const chart = await screen.findByRole('figure', { name: 'Meldungen je Monat' });
    expect(chart).toHaveTextContent('03.2026: 1 gemeldet, 1 Leermeldung, 1 fehlend, Nettosumme 1.234,50 €.');
    const table = within(chart).getByRole('table');
    // gemeldet, Leermeldung, fehlt, läuft noch, Nettosumme
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('01.2026' + '2010' + '2.469,00 €');
  });

  it('shows the running month without a report as "läuft noch": not missing, not filtered, not reminded', async () => {
    const months = [addMonths(currentMonth(), -1), currentMonth()];
    const late = creditor(70001, 'Papier GmbH', ['missing', 'missing']);
    const running = creditor(70002, 'Toner AG', ['reported', 'missing']);
    const answer = {
      months,
      creditors: [late, running].map((c) => ({
        ...c,
        months: c.months.map((cell, i) => ({ ...cell, month: months[i]! })),
      })),
    };
    fakeApi({ 'GET /api/reporting-status': () => ({ body: answer }) });
    const user = userEvent.setup();
    renderStatus(`/status?from=${months[0]}&until=${months[1]}`);
    const row = await rowOf('Toner AG');
    const [, thisMonth] = within(row).getAllByRole('cell');
    expect(thisMonth).toHaveClass('status-cell--open');
    expect(thisMonth).toHaveTextContent(`… läuft noch`);
    expect(within(await rowOf('Papier GmbH')).getAllByRole('cell')[0]).toHaveTextContent('✗ fehlt');
    const chart = screen.getByRole('figure', { name: 'Meldungen je Monat' });
    expect(chart).toHaveTextContent(
      `${formatMonth(months[1]!)}: 0 gemeldet, 0 Leermeldung, 0 fehlend, 2 ohne Meldung (Monat läuft noch)`,
    );
    // Only the creditor late for last month is missing: the filter and the reminder leave Toner AG out.
    await user.click(screen.getByRole('checkbox', { name: 'nur mit fehlenden Meldungen' }));
    expect(shownCreditors()).toEqual(['70001 – Papier GmbH']);
    // The urgency mail to all chases months that are over, never the running one.
    await user.click(
      screen.getByRole('button', { name: 'Dringlichkeits-E-Mail an alle mit fehlenden Meldungen' }),
    );
    const month = screen.getByRole('combobox', { name: 'Fehlender Monat' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([formatMonth(months[0]!)]);
    expect(screen.getByText(/nicht gemeldet/)).toHaveTextContent(
      `1 aktiver Kreditor hat für ${formatMonth(months[0]!)} nicht gemeldet.`,
    );
  });

  it('counts in the chart the creditors the search finds, whatever "only missing" hides', async () => {
    fakeApi({ 'GET /api/reporting-status': statusAnswer });
    const user = userEvent.setup();
    renderStatus(`${PATH}&onlyMissing=true`);
    await screen.findByRole('figure', { name: 'Meldungen je Monat' });
    await user.type(screen.getByRole('searchbox'), 'Toner');
    // Toner AG reported every month, so "only missing" hides its row; the chart still counts it.
    expect(shownCreditors()).toEqual([]);
    const chart = screen.getByRole('figure', { name: 'Meldungen je Monat: der gefundene Kreditor' });
    expect(chart).toHaveTextContent('03.2026: 1 gemeldet, 0 Leermeldung, 0 fehlend, Nettosumme 1.234,50 €.');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '7000');
    expect(
      screen.getByRole('figure', { name: 'Meldungen je Monat: 3 gefundene Kreditoren' }),
    ).toHaveTextContent('03.2026: 1 gemeldet, 1 Leermeldung, 1 fehlend');
  });
});

describe('reporting status, supplier', () => {
  it('shows its months; a missing month gets its empty report after confirmation and the strip updates', async () => {
    const user = userEvent.setup();
    let states: ReportingState[] = ['reported', 'empty', 'missing'];
    const calls = fakeApi({
      'GET /api/reporting-status': () => ({
        body: { months: MONTHS, creditors: [creditor(70001, 'Papier GmbH', states)] },
      }),
      'POST /api/transactions': () => {
        states = ['reported', 'empty', 'empty'];
        return { body: { id: 5, errors: [], warnings: [] } };
      },
    });
    renderStatus(PATH, supplier);
    const strip = await screen.findByRole('list');
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual([
      '01.2026✓ gemeldet3 Buchungen · 1.234,50\u00a0€Buchungen anzeigen',
      '02.2026○ Leermeldung',
      '03.2026✗ fehltLeermeldung abgeben',
    ]);
    expect(screen.getByRole('link', { name: 'Buchungen anzeigen (01.2026)' })).toHaveAttribute(
      'href',
      '/transactions?invoiceDateFrom=2026-01-01&invoiceDateUntil=2026-01-31&creditor=70001',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leermeldung abgeben (03.2026)' }));
    expect(await answerDialog(user, 'Leermeldung abgeben')).toContain('Leermeldung für 03.2026 abgeben?');
    expect(await screen.findByText('Die Leermeldung für 03.2026 wurde gespeichert.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname + post.url.search).toBe('/api/transactions?checkForDuplicates=true');
    expect(post.body).toMatchObject({ invoiceDate: '2026-03-01T00:00:00.000Z', creditorId: 70001, net: '0' });
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')[2]).toHaveTextContent(
        '03.2026○ Leermeldung',
      ),
    );
  });

  it('offers no empty report in one click for the running month', async () => {
    const months = [addMonths(currentMonth(), -1), currentMonth()];
    const own = creditor(70001, 'Papier GmbH', ['missing', 'missing']);
    fakeApi({
      'GET /api/reporting-status': () => ({
        body: {
          months,
          creditors: [{ ...own, months: own.months.map((c, i) => ({ ...c, month: months[i]! })) }],
        },
      }),
    });
    renderStatus(`/status?from=${months[0]}&until=${months[1]}`, supplier);
    const tiles = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      `${formatMonth(months[0]!)}✗ fehltLeermeldung abgeben`,
      `${formatMonth(months[1]!)}… läuft noch`,
    ]);
  });

  it('files nothing when the supplier cancels, and shows the German errors the API answers', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/reporting-status': () => ({
        body: {
          months: MONTHS,
          creditors: [creditor(70001, 'Papier GmbH', ['missing', 'missing', 'missing'])],
        },
      }),
      'POST /api/transactions': () => ({
        body: { errors: [{ property: 'invoiceDate', message: 'Der Monat ist gesperrt.' }], warnings: [] },
      }),
    });
    renderStatus(PATH, supplier);
    await user.click(await screen.findByRole('button', { name: 'Leermeldung abgeben (01.2026)' }));
    await answerDialog(user, 'Abbrechen');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Leermeldung abgeben (01.2026)' }));
    await answerDialog(user, 'Leermeldung abgeben');
    expect(await screen.findByText('Der Monat ist gesperrt.')).toBeInTheDocument();
  });
});

void admin;
