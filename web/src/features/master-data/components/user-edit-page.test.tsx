import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MASTER_DATA_SCREEN_LABELS, USER_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { admin, fakeApi, renderRoute } from '../testing/render-route';

afterEach(() => vi.unstubAllGlobals());

const creditors = [
  { id: 1, number: 70001, name: 'Papier GmbH', isActive: true, lastTransactionCreationDate: null },
  { id: 2, number: 70002, name: 'Toner AG', isActive: false, lastTransactionCreationDate: null },
];
const stored = {
  id: 9,
  emailAddress: 'lieferant@example.org',
  isAdmin: false,
  isActive: true,
  creditorNumber: 70002,
};
const save = () => screen.getByRole('button', { name: 'Speichern' });

describe('user edit page', () => {
  // Long: types a whole form and searches the creditor picker (slow on two busy cores).
  it(
    'offers creditors as "number – name" and requires password and creditor for a new supplier',
    {
      timeout: 20_000,
    },
    async () => {
      const user = userEvent.setup();
      const api = fakeApi({
        'GET /api/creditors': { body: creditors },
        'POST /api/users': { body: { id: 12, errors: [] } },
        'GET /api/users/12': {
          body: { ...stored, id: 12, emailAddress: 'neu@example.org', creditorNumber: 70001 },
        },
      });
      const { router } = renderRoute('/management/users/edit?id=new');
      const select = await screen.findByRole('combobox', { name: 'Lieferant/Kreditor auswählen' });
      expect(select).toHaveAttribute('placeholder', 'Bitte auswählen');
      // Required while the user is no admin, marked as every required field is.
      expect(select).toHaveAttribute('aria-required', 'true');
      await user.click(select);
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['70001 – Papier GmbH', '70002 – Toner AG']);
      await user.keyboard('{Escape}');
      expect(screen.queryByText(/bisherige Passwort/)).toBeNull();
      expect(screen.getByLabelText(/Passwort/)).toHaveAccessibleDescription(
        'Mindestens 10 Zeichen, kein häufig verwendetes Passwort.',
      );

      await user.type(screen.getByLabelText(/E-Mail-Adresse/), 'neu@example.org');
      await user.type(screen.getByLabelText(/Passwort/), 'geheim-und-lang');
      expect(save()).toBeDisabled();
      await user.click(screen.getByLabelText('Administrator'));
      await waitFor(() => expect(save()).toBeEnabled());
      expect(select).not.toHaveAttribute('aria-required', 'true');
      await user.click(screen.getByLabelText('Administrator'));
      expect(await screen.findByText(MASTER_DATA_MESSAGES.creditorRequiredForSupplier)).toBeVisible();
      expect(save()).toBeDisabled();
      await user.click(select);
      await user.keyboard('papier');
      await user.click(screen.getByRole('option', { name: '70001 – Papier GmbH' }));
      await waitFor(() => expect(save()).toBeEnabled());
      await user.click(save());

      expect(await screen.findByText('Der Benutzer wurde angelegt.')).toBeVisible();
      expect(router.state.location.search).toBe('?id=12');
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        emailAddress: 'neu@example.org',
        password: 'geheim-und-lang',
        isAdmin: false,
        isActive: true,
        creditorNumber: 70001,
      });
    },
  );

  it('creates a user without a password when "Einladung senden" is ticked, and sends the invitation flag', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      'POST /api/users': { body: { id: 13, errors: [] } },
      'GET /api/users/13': {
        body: {
          ...stored,
          id: 13,
          emailAddress: 'eingeladen@example.org',
          isAdmin: true,
          creditorNumber: null,
        },
      },
    });
    renderRoute('/management/users/edit?id=new');
    const invite = await screen.findByRole('checkbox', { name: 'Einladung senden' });
    expect(invite).not.toBeChecked();
    expect(invite).toHaveAccessibleDescription(
      'Der Benutzer erhält eine E-Mail mit einem Link, über den er innerhalb von 7 Tagen sein Passwort festlegt.',
    );
    await user.type(screen.getByLabelText(/E-Mail-Adresse/), 'eingeladen@example.org');
    await user.click(screen.getByLabelText('Administrator'));
    // Without invitation a new user needs a password.
    expect(save()).toBeDisabled();
    await user.click(invite);
    expect(screen.getByLabelText(/Passwort/)).toHaveAccessibleDescription(
      MASTER_DATA_SCREEN_LABELS.passwordInvitedHint,
    );
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('Der Benutzer wurde angelegt.')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      emailAddress: 'eingeladen@example.org',
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
      sendInvitation: true,
    });
    // A stored user is not invited from the form.
    expect(screen.queryByRole('checkbox', { name: 'Einladung senden' })).toBeNull();
  });

  it('sends a stored active user the invitation again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/users/9': { body: stored },
      'POST /api/users/9/invitation': { status: 202, body: { message: 'Die Einladung wurde verschickt.' } },
    });
    renderRoute('/management/users/edit?id=9');
    await user.click(await screen.findByRole('button', { name: 'Einladung erneut senden' }));
    expect(await screen.findByText('Die Einladung wurde verschickt.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/users/9/invitation',
    ]);
  });

  it('clears and disables the creditor while "Administrator" is ticked: an admin has none', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/users/9': { body: stored },
      'PUT /api/users/9': { body: [] },
    });
    renderRoute('/management/users/edit?id=9');
    const select = await screen.findByRole('combobox', { name: 'Lieferant/Kreditor auswählen' });
    expect(select).toHaveValue('70002 – Toner AG');
    expect(select).toBeEnabled();
    await user.click(screen.getByLabelText('Administrator'));
    await waitFor(() => expect(select).toBeDisabled());
    expect(select).toHaveValue('');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        isAdmin: true,
        creditorNumber: null,
      }),
    );
    // Unticked again, the user is a supplier that needs a creditor chosen anew.
    await user.click(screen.getByLabelText('Administrator'));
    await waitFor(() => expect(select).toBeEnabled());
    expect(await screen.findByText(MASTER_DATA_MESSAGES.creditorRequiredForSupplier)).toBeVisible();
    expect(save()).toBeDisabled();
  });

  it('starts with an empty password that keeps the current one, and reads the errors list of an update', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/users/9': { body: stored },
      'PUT /api/users/9': { body: [{ property: 'E-Mail-Adresse', message: 'Gibt es schon.' }] },
    });
    renderRoute('/management/users/edit?id=9');
    const password = await screen.findByLabelText(/Passwort/);
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('Leer lassen, um das bisherige Passwort zu behalten.');
    expect(screen.getByLabelText('Lieferant/Kreditor auswählen')).toHaveValue('70002 – Toner AG');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse: Gibt es schon.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      emailAddress: 'lieferant@example.org',
      isAdmin: false,
      isActive: true,
      creditorNumber: 70002,
    });
  });

  it('clears a new password once it is stored, so saving again keeps it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      'GET /api/users/9': { body: stored },
      'PUT /api/users/9': { body: [] },
    });
    renderRoute('/management/users/edit?id=9');
    await user.type(await screen.findByLabelText(/Passwort/), 'ein-neues-Passwort');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('Die Änderungen am Benutzer wurden gespeichert.')).toBeVisible();
    expect(screen.getByLabelText(/Passwort/)).toHaveValue('');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ password: 'ein-neues-Passwort' });
  });
});

describe('user edit page: one’s own record', () => {
  const self = { ...admin, creditorNumber: null };

  it('asks for the current password when the own password changes, and sends it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/creditors': { body: creditors },
      [`GET /api/users/${self.id}`]: { body: self },
      [`PUT /api/users/${self.id}`]: { body: [] },
    });
    renderRoute(`/management/users/edit?id=${self.id}`, self);
    const current = await screen.findByLabelText(USER_LABELS.currentPassword);
    expect(current).toHaveAccessibleDescription(MASTER_DATA_SCREEN_LABELS.currentPasswordHint);
    await waitFor(() => expect(save()).toBeEnabled());

    await user.type(screen.getByLabelText(USER_LABELS.password), 'Mein-neues-Kennwort-5');
    expect(await screen.findByText(MASTER_DATA_MESSAGES.currentPasswordRequired)).toBeVisible();
    expect(save()).toBeDisabled();
    await user.type(current, 'Das-alte-Kennwort-1');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('Die Änderungen am Benutzer wurden gespeichert.')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      password: 'Mein-neues-Kennwort-5',
      currentPassword: 'Das-alte-Kennwort-1',
    });
    expect(screen.getByLabelText(USER_LABELS.currentPassword)).toHaveValue('');
  });

  it('shows no current-password field on another user’s record', async () => {
    fakeApi({ 'GET /api/creditors': { body: creditors }, 'GET /api/users/9': { body: stored } });
    renderRoute('/management/users/edit?id=9');
    await screen.findByLabelText(USER_LABELS.password);
    expect(screen.queryByLabelText(USER_LABELS.currentPassword)).toBeNull();
  });
});
