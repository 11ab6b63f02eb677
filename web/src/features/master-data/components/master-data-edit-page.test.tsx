import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { fakeApi, renderRoute, supplier } from '../testing/render-route';
import { answerDialog } from '../../../lib/testing/message-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paper = { id: 2, number: 1200, name: 'Recyclingpapier', isActive: true };
const save = () => screen.getByRole('button', { name: 'Speichern' });

describe('article edit page', () => {
  it('keeps Speichern disabled until the new article is valid, then creates it and shows success', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/articles': { body: { id: 1300, errors: [] } },
      'GET /api/articles/1300': { body: { id: 3, number: 1300, name: 'Toner', isActive: true } },
    });
    const { router } = renderRoute('/management/articles/edit?id=new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel anlegen' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText(/Artikelnummer/), '13x');
    expect(await screen.findByText(MESSAGES.positiveInteger)).toBeVisible();
    await user.clear(screen.getByLabelText(/Artikelnummer/));
    await user.type(screen.getByLabelText(/Artikelnummer/), '1300');
    await user.type(screen.getByLabelText(/Bezeichnung/), ' Toner ');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Der Artikel wurde angelegt.')).toBeVisible();
    expect(router.state.location.search).toBe('?id=1300');
    expect(screen.getByRole('heading', { level: 1, name: 'Artikel bearbeiten' })).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      number: 1300,
      name: 'Toner',
      isActive: true,
    });
    // The stored number is shown read-only, zero-padded.
    expect(await screen.findByLabelText('Artikelnummer')).toHaveValue('001300');
    expect(screen.getByLabelText('Artikelnummer')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeVisible();
  });

  it('lists the server errors and stays on the new form', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/articles': {
        body: {
          id: null,
          errors: [{ property: 'Artikelnummer', message: 'Artikelnummer 1200 existiert bereits.' }],
        },
      },
    });
    const { router } = renderRoute('/management/articles/edit?id=new');
    await user.type(await screen.findByLabelText(/Artikelnummer/), '1200');
    await user.type(screen.getByLabelText(/Bezeichnung/), 'Papier');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(MESSAGES.validationHeading);
    expect(box).toHaveTextContent('Artikelnummer: Artikelnummer 1200 existiert bereits.');
    expect(router.state.location.search).toBe('?id=new');
  });

  it('updates a stored article and confirms', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/articles/1200': { body: paper },
      'PUT /api/articles/1200': { body: { id: 1200, errors: [] } },
    });
    renderRoute('/management/articles/edit?id=1200');
    const name = await screen.findByLabelText(/Bezeichnung/);
    expect(name).toHaveValue('Recyclingpapier');
    await user.click(screen.getByLabelText('Aktiv'));
    await user.click(save());
    expect(await screen.findByText('Die Änderungen am Artikel wurden gespeichert.')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      number: 1200,
      name: 'Recyclingpapier',
      isActive: false,
    });
  });

  it('asks before deleting and shows the delete-failed box when the server refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/articles/1200': { body: paper },
      'DELETE /api/articles/1200': {
        status: 409,
        body: {
          errors: [
            { property: '', message: 'Der Artikel kann nicht gelöscht werden!' },
            { property: '', message: 'Der Datensatz wird noch von Buchungen verwendet.' },
          ],
        },
      },
    });
    renderRoute('/management/articles/edit?id=1200');
    const deleteButton = await screen.findByRole('button', { name: 'Löschen' });
    await user.click(deleteButton);
    expect(await answerDialog(user, 'Abbrechen')).toContain(
      'Sind Sie sicher, dass Sie den Artikel 001200 – Recyclingpapier löschen möchten? Dieser Vorgang kann nicht rückgängig gemacht werden!',
    );
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    // The keyboard is back on the button that opened the dialog.
    await vi.waitFor(() => expect(deleteButton).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await answerDialog(user, 'Löschen');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Der Artikel kann nicht gelöscht werden!');
    expect(box).toHaveTextContent('Der Datensatz wird noch von Buchungen verwendet.');
  });

  it('goes back to the list after deleting', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/articles/1200': { body: paper },
      'DELETE /api/articles/1200': { status: 204 },
      'GET /api/articles': { body: [] },
    });
    const { router } = renderRoute('/management/articles/edit?id=1200');
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    await answerDialog(user, 'Löschen');
    expect(await screen.findByRole('heading', { level: 2, name: 'Verfügbare Artikel' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/management/articles');
    // The list says what was deleted; the message does not stay in the history for a reload.
    const deleted = 'Der Artikel 001200 – Recyclingpapier wurde gelöscht.';
    expect(screen.getByText(deleted).closest('[role=status]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByText(deleted)).toBeNull();
  });

  it('lets a supplier look but not save or delete', async () => {
    fakeApi({ 'GET /api/articles/1200': { body: paper } });
    renderRoute('/management/articles/edit?id=1200', supplier);
    expect(await screen.findByLabelText(/Bezeichnung/)).toHaveValue('Recyclingpapier');
    expect(save()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
  });

  it('says "not found" for an id that is no number', async () => {
    fakeApi({});
    renderRoute('/management/articles/edit?id=abc');
    expect(await screen.findByText(MESSAGES.notFound)).toBeVisible();
  });
});

describe('debitor edit page', () => {
  it('requires the address as well', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderRoute('/management/debitors/edit?id=new');
    await user.type(await screen.findByLabelText(/Debitornummer/), '4711');
    await user.type(screen.getByLabelText(/^Name/), 'Stadt Musterstadt');
    await user.type(screen.getByLabelText(/Straße und Hausnummer/), 'Markt 1');
    await user.type(screen.getByLabelText(/PLZ/), '12345');
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText(/Ort/), 'Musterstadt');
    await waitFor(() => expect(save()).toBeEnabled());
  });
});
