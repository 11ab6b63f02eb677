import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@lp/domain/entities';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { MESSAGES, UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import type { UploadResult } from '@lp/domain/upload-columns';
import { ApiError } from '../../../lib/api-error';
import { CurrentUserContext } from '../../../lib/current-user';
import type { UploadBookingsVariables } from '../api/upload-bookings';
import type { RepairPanelProps } from './repair-panel';
import { UploadPanel } from './upload-panel';

const mutateAsync = vi.fn<(variables: UploadBookingsVariables) => Promise<UploadResult>>();
vi.mock('../api/upload-bookings', () => ({ useUploadBookings: () => ({ mutateAsync }) }));
// The list of recent uploads has its own test (recent-uploads.test.tsx); here it only tells of an undo.
vi.mock('./recent-uploads', () => ({
  RecentUploads: ({ onUndone }: { onUndone: () => void }) => (
    <button type="button" onClick={onUndone}>
      undone
    </button>
  ),
}));

// The repair table has its own test (repair-panel.test.tsx); here: when it opens, and what it hands back.
vi.mock('./repair-panel', () => ({
  RepairPanel: ({ file, onImported, onDiscard }: RepairPanelProps) => (
    <div data-testid="repair">
      {file.name}
      <button type="button" onClick={() => onImported({ errors: [], warnings: [], count: 3 })}>
        imported
      </button>
      <button type="button" onClick={onDiscard}>
        discard
      </button>
    </div>
  ),
}));

const supplier: User = {
  id: 2,
  emailAddress: 'lieferant@example.org',
  isAdmin: false,
  isActive: true,
  creditorNumber: 70001,
};

function renderPanel() {
  const user = userEvent.setup();
  render(
    <CurrentUserContext.Provider value={supplier}>
      <UploadPanel />
    </CurrentUserContext.Provider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  const choose = (file: File) => user.upload(input, file);
  return { user, choose };
}

const csv = (name = 'buchungen.csv', size = 1536) => new File(['x'.repeat(size)], name, { type: 'text/csv' });
const warning = { property: 'Rechnungsnummer', message: 'Mögliche doppelte Buchung.', rowNumber: 2 };
const error = { property: 'Nettobetrag', message: MESSAGES.required, rowNumber: 3 };
const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => mutateAsync.mockReset());

describe('UploadPanel', () => {
  it('keeps the buttons disabled until a file is chosen, then names the file and its size', async () => {
    const { choose } = renderPanel();
    expect(button(L.upload)).toBeDisabled();
    expect(screen.queryByRole('button', { name: L.ignoreWarningsAndUpload })).toBeNull();
    await choose(csv());
    expect(screen.getByText('buchungen.csv').parentElement).toHaveTextContent(
      'Ausgewählte Datei: buchungen.csv (1,5 KB)',
    );
    expect(button(L.upload)).toBeEnabled();
  });

  it('lists errors with row numbers and keeps the file for another try', async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    mutateAsync.mockResolvedValue({ errors: [error], warnings: [], count: 0 });
    await user.click(button(L.upload));
    expect(mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ checkForDuplicates: true }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('listitem')).toHaveTextContent('Zeile 3 – Nettobetrag');
    expect(box).toHaveTextContent(MESSAGES.validationOutroFile);
    expect(button(L.downloadReport)).toBeVisible();
    expect(button(L.upload)).toBeEnabled();
  });

  it("opens the file's rows for correction after errors (not after warnings), and shows their import as stored", async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [warning], count: 0 });
    await user.click(button(L.upload));
    await screen.findByRole('alert');
    expect(screen.queryByTestId('repair')).toBeNull();

    mutateAsync.mockResolvedValueOnce({ errors: [error], warnings: [], count: 0 });
    await user.click(button(L.uploadAgain));
    expect(await screen.findByTestId('repair')).toHaveTextContent('buchungen.csv');
    await user.click(button('discard'));
    expect(screen.queryByTestId('repair')).toBeNull();

    mutateAsync.mockResolvedValueOnce({ errors: [error], warnings: [], count: 0 });
    await user.click(button(L.upload));
    await user.click(await screen.findByRole('button', { name: 'imported' }));
    expect(screen.queryByTestId('repair')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(UPLOAD_UI_MESSAGES.bookingsSaved(3));
    expect(button(L.upload)).toBeDisabled();
  });

  it('after warnings asks to check again or to ignore them, which uploads without the check', async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [warning], count: 0 });
    await user.click(button(L.upload));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.warningIntroFile);
    expect(button(L.uploadAgain)).toBeEnabled();

    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [], count: 1234 });
    await user.click(button(L.ignoreWarningsAndUpload));
    expect(mutateAsync).toHaveBeenLastCalledWith(expect.objectContaining({ checkForDuplicates: false }));
    expect(await screen.findByRole('status')).toHaveTextContent(UPLOAD_UI_MESSAGES.bookingsSaved(1234));
    expect(screen.getByText('1.234 Buchungen gespeichert.')).toBeVisible();
    // Stored: the chooser starts over.
    expect(button(L.upload)).toBeDisabled();
    expect(screen.queryByText('buchungen.csv')).toBeNull();
  });

  it("drops the stored file's banner when an upload is undone below it", async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [], count: 2 });
    await user.click(button(L.upload));
    expect(await screen.findByText('2 Buchungen gespeichert.')).toBeVisible();
    await user.click(button('undone'));
    expect(screen.queryByText('2 Buchungen gespeichert.')).toBeNull();
  });

  it('clears the last answer when another file is chosen', async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    mutateAsync.mockResolvedValue({ errors: [error], warnings: [], count: 0 });
    await user.click(button(L.upload));
    expect(await screen.findByRole('alert')).toBeVisible();
    await choose(csv('korrigiert.csv'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('korrigiert.csv')).toBeVisible();
  });

  it('shows a refusal of the whole file as an error', async () => {
    const { user, choose } = renderPanel();
    await choose(csv());
    const tooLarge = UPLOAD_MESSAGES.fileTooLarge(20);
    mutateAsync.mockRejectedValue(new ApiError(413, tooLarge, [{ property: '', message: tooLarge }]));
    await user.click(button(L.upload));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(L.failed);
    expect(box).toHaveTextContent(tooLarge);
  });

  it('refuses a file beyond 20 MB without sending it', async () => {
    const { choose } = renderPanel();
    const big = csv();
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await choose(big);
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_MESSAGES.fileTooLarge(20));
    expect(button(L.upload)).toBeDisabled();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('explains the columns, with the supplier’s own creditor number as the example', () => {
    renderPanel();
    const help = screen.getByRole('region', { name: L.helpHeading });
    expect(within(help).getByText('Rechnungsdatum')).toBeVisible();
    expect(within(help).getByText('70001')).toBeVisible();
    expect(button(L.templateCsv)).toBeVisible();
    expect(button(L.templateXlsx)).toBeVisible();
  });
});
