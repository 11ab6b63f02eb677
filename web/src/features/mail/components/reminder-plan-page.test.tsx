import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import type { ReminderPlan, ReminderPreview } from '@lp/domain/reminder-plan';
import { admin, renderRoutes, supplier } from '../../../lib/testing/render-routes';
import { mailRoutes } from '../routes';

afterEach(() => vi.unstubAllGlobals());

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** A fake API holding the plan: GET answers it, PUT stores it; the preview names one creditor. */
function fakeApi(initial: ReminderPlan, { refuseSave = false, saveHeld = Promise.resolve() } = {}) {
  const calls: Call[] = [];
  let plan = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = new URL(path, 'http://localhost');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/reminders/plan' && method === 'GET') return json(200, plan);
      if (url.pathname === '/api/reminders/plan' && method === 'PUT') {
        await saveHeld;
        if (refuseSave) return json(500, { errors: [] });
        plan = body as ReminderPlan;
        return json(200, plan);
      }
      if (url.pathname === '/api/reminders/preview') {
        const date = url.searchParams.get('date')!;
        const preview: ReminderPreview = {
          date,
          workingDay: date === '2026-12-03' ? 3 : date === '2026-12-10' ? 8 : null,
          enabled: plan.enabled,
          holidayState: 'HE',
          month: '2026-11',
          stepDays: [
            { workingDay: 3, date: '2026-12-03' },
            { workingDay: 8, date: '2026-12-10' },
          ],
          items:
            date === '2026-12-03'
              ? [
                  {
                    creditorNumber: 70001,
                    creditorName: 'Papier GmbH',
                    month: '2026-11',
                    workingDay: 3,
                    to: ['a@papier.example', 'b@papier.example'],
                  },
                ]
              : [],
        };
        return json(200, preview);
      }
      return json(404, { errors: [] });
    }),
  );
  return calls;
}

const PLAN: ReminderPlan = {
  enabled: false,
  steps: [
    { workingDay: 3, text: undefined },
    { workingDay: 8, text: 'Letzte Erinnerung vor der Mahnung.' },
  ],
};

describe('reminder plan page', () => {
  it('shows the steps and pauses or resumes the plan with the switch, storing the whole plan', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(PLAN);
    renderRoutes(mailRoutes, '/outbox/reminders', admin);
    const toggle = await screen.findByRole('switch', { name: 'Erinnerungen automatisch verschicken' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/ist pausiert: es werden keine Erinnerungen verschickt/)).toBeVisible();
    expect(await screen.findByText(/ohne die Feiertage in Hessen/)).toBeVisible();
    expect(screen.getByText('3. Arbeitstag').closest('li')).toHaveTextContent('3. Arbeitstag – Standardtext');
    expect(screen.getByText('8. Arbeitstag').closest('li')).toHaveTextContent(
      '8. Arbeitstag – Eigener Text: Letzte Erinnerung vor der Mahnung.',
    );

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText(/ist aktiv: Erinnerungen gehen/)).toBeVisible();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => c.body)).toEqual([
      {
        enabled: true,
        steps: [{ workingDay: 3 }, { workingDay: 8, text: 'Letzte Erinnerung vor der Mahnung.' }],
      },
    ]);
    await user.click(toggle);
    expect(await screen.findByText(/ist pausiert/)).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ enabled: false });
  });

  it('edits the steps: a working day and an own text each, refusing a duplicate day in German', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(PLAN);
    renderRoutes(mailRoutes, '/outbox/reminders', admin);
    await user.click(await screen.findByRole('button', { name: 'Stufen bearbeiten' }));
    const second = screen.getByRole('group', { name: 'Stufe 2' });
    expect(within(second).getByRole('textbox', { name: /Arbeitstag nach Monatsende/ })).toHaveValue('8');
    await user.click(within(second).getByRole('button', { name: 'Stufe entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Stufe hinzufügen' }));
    const added = screen.getByRole('group', { name: 'Stufe 2' });
    const day = within(added).getByRole('textbox', { name: /Arbeitstag nach Monatsende/ });
    await user.type(day, '3');
    await user.click(screen.getByRole('button', { name: 'Stufen speichern' }));
    expect(await screen.findByText('Jeder Arbeitstag darf nur einmal im Plan vorkommen.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(day);
    await user.type(day, '6');
    await user.type(within(added).getByRole('textbox', { name: /Eigener Text/ }), 'Bitte jetzt melden.');
    await user.click(screen.getByRole('button', { name: 'Stufen speichern' }));
    expect(await screen.findByText('Die Stufen wurden gespeichert.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { enabled: false, steps: [{ workingDay: 3 }, { workingDay: 6, text: 'Bitte jetzt melden.' }] },
    ]);
    expect(screen.getByText('6. Arbeitstag').closest('li')).toHaveTextContent(
      '6. Arbeitstag – Eigener Text: Bitte jetzt melden.',
    );
  });

  it('puts the switch back when the save is refused', async () => {
    const user = userEvent.setup();
    fakeApi(PLAN, { refuseSave: true });
    renderRoutes(mailRoutes, '/outbox/reminders', admin);
    const toggle = await screen.findByRole('switch', { name: 'Erinnerungen automatisch verschicken' });
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText(/ist pausiert/)).toBeVisible();
  });

  it('moves the switch in the same click, while the save is still under way', async () => {
    let answer = () => {};
    const calls = fakeApi(PLAN, { saveHeld: new Promise<void>((resolve) => (answer = resolve)) });
    renderRoutes(mailRoutes, '/outbox/reminders', admin);
    const toggle = await screen.findByRole('switch', { name: 'Erinnerungen automatisch verschicken' });
    // A synchronous click, looked at before anything else runs: what a browser robot sees at once.
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByText(/ist aktiv: Erinnerungen gehen/)).toBeVisible();
    const previews = () => calls.filter((c) => c.url.pathname === '/api/reminders/preview').length;
    const before = previews();
    answer();
    // The saved plan asks for its preview again: the test ends once the fake API has answered that.
    await vi.waitFor(() => expect(previews()).toBeGreaterThan(before));
    expect(toggle).toBeChecked();
  });

  it('previews who would get which step on a step day, and says when the plan is paused', async () => {
    const user = userEvent.setup();
    fakeApi(PLAN);
    renderRoutes(mailRoutes, '/outbox/reminders', admin);
    await user.click(await screen.findByRole('button', { name: '3. Arbeitstag: 03.12.2026' }));
    expect(screen.getByRole('textbox', { name: 'Tag' })).toHaveValue('03.12.2026');
    expect(await screen.findByText('Der 03.12.2026 ist der 3. Arbeitstag nach 11.2026.')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Vorschau' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'KreditorFehlender MonatStufeEmpfänger',
      '70001 – Papier GmbH11.20263. Arbeitstaga@papier.example, b@papier.example',
    ]);
    expect(screen.getByText('Der Plan ist pausiert: an diesem Tag würde nichts verschickt.')).toBeVisible();

    const day = screen.getByRole('textbox', { name: 'Tag' });
    await user.clear(day);
    await user.type(day, '12.12.2026');
    expect(
      await screen.findByText('Der 12.12.2026 ist kein Arbeitstag: an ihm wird nichts verschickt.'),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Vorschau' })).toBeNull();
  });

  it('is refused to a supplier, asking the API nothing', () => {
    const calls = fakeApi(PLAN);
    renderRoutes(mailRoutes, '/outbox/reminders', supplier);
    return vi.waitFor(() => {
      expect(screen.getByText(MESSAGES.forbidden)).toBeVisible();
      expect(calls).toEqual([]);
    });
  });
});
