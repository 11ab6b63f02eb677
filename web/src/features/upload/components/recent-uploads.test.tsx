import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadBatch, User } from '@lp/domain/entities';
import { UPLOAD_BATCH_LABELS as L } from '@lp/domain/labels';
import { UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { ApiError } from '../../../lib/api-error';
import { CurrentUserContext } from '../../../lib/current-user';
import { RecentUploads } from './recent-uploads';
import { answerDialog } from '../../../lib/testing/message-dialog';

const mutateAsync = vi.fn<(id: number) => Promise<void>>();
let batches: UploadBatch[] = [];
/** What the list asked for: only the user's own uploads, or all it may see. */
const askedMine = vi.fn<(mine: boolean) => void>();
vi.mock('../api/get-upload-batches', () => ({
  useRecentUploads: (mine: boolean) => {
    askedMine(mine);
    return { isPending: false, isError: false, data: batches };
  },
}));
vi.mock('../api/undo-upload', () => ({ useUndoUpload: () => ({ mutateAsync, isPending: false }) }));

const supplier: User = {
  id: 2,
  emailAddress: 'Lieferant@example.org',
  isAdmin: false,
  isActive: true,
  creditorNumber: 70001,
};

const batch = (id: number, values: Partial<UploadBatch> = {}): UploadBatch => ({
  id,
  createdAt: '2026-03-02T09:05:00.000Z',
  createdBy: 'lieferant@example.org',
  fileName: `datei-${id}.csv`,
  count: 3,
  netSum: 1234.5,
  creditorNumber: 70001,
  creditorName: 'Grünes Büro GmbH',
  exported: false,
  ...values,
});

const onUndone = vi.fn();

const admin: User = {
  ...supplier,
  id: 1,
  emailAddress: 'admin@example.org',
  isAdmin: true,
  creditorNumber: null,
};

function renderList(signedIn: User = supplier) {
  const user = userEvent.setup();
  render(
    <CurrentUserContext.Provider value={signedIn}>
      <RecentUploads onUndone={onUndone} />
    </CurrentUserContext.Provider>,
  );
  return user;
}

afterEach(() => {
  askedMine.mockReset();
  mutateAsync.mockReset();
  onUndone.mockReset();
  vi.restoreAllMocks();
});

describe('RecentUploads', () => {
  it('lists the uploads with German date and amount; a supplier without a creditor column', () => {
    batches = [batch(20), batch(19)];
    renderList();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('02.03.2026 10:05');
    expect(rows[0]).toHaveTextContent('datei-20.csv');
    expect(rows[0]).toHaveTextContent('1.234,50');
    expect(screen.queryByRole('columnheader', { name: L.creditor })).toBeNull();
  });

  it('names the creditor of each of an admin’s uploads, or that it went to several', () => {
    batches = [
      batch(3),
      batch(2, { creditorNumber: null, creditorName: null }),
      batch(1, { creditorNumber: 70002, creditorName: null }),
    ];
    renderList(admin);
    expect(screen.getByRole('columnheader', { name: L.creditor })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('70001 Grünes Büro GmbH');
    expect(rows[1]).toHaveTextContent(L.severalCreditors);
    expect(rows[2]).toHaveTextContent('70002');
  });

  it('offers no undo for an upload with an exported booking, and says why', () => {
    batches = [batch(5, { exported: true }), batch(4)];
    renderList();
    const [exported, open] = screen.getAllByRole('row').slice(1);
    expect(within(exported!).queryByRole('button')).toBeNull();
    expect(exported).toHaveTextContent(L.exported);
    expect(within(exported!).getByTitle(L.exportedHint)).toBeInTheDocument();
    expect(within(open!).getByRole('button', { name: L.undoNamed('datei-4.csv') })).toBeEnabled();
  });

  it('lists every upload the user may undo, with who uploaded it, once "Nur meine Uploads" is off', async () => {
    batches = [batch(12, { createdBy: 'kollegin@example.org' })];
    const user = renderList();
    expect(askedMine).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('heading', { name: L.heading })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: L.createdBy })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: L.mineOnly }));
    expect(askedMine).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('heading', { name: L.headingAll })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: L.createdBy })).toBeInTheDocument();
    const [row] = screen.getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('kollegin@example.org');
    expect(within(row!).getByRole('button', { name: L.undoNamed('datei-12.csv') })).toBeEnabled();
    batches = [];
    await user.click(screen.getByRole('checkbox', { name: L.mineOnly }));
    await user.click(screen.getByRole('checkbox', { name: L.mineOnly }));
    expect(screen.getByText(L.emptyAll)).toBeInTheDocument();
  });

  it('says so when there is no upload yet', () => {
    batches = [];
    renderList();
    expect(screen.getByText(L.empty)).toBeInTheDocument();
  });

  it('undoes after the confirmation and reports it; nothing without it', async () => {
    batches = [batch(7)];
    mutateAsync.mockResolvedValue(undefined);
    const user = renderList();
    const undo = screen.getByRole('button', { name: L.undoNamed('datei-7.csv') });
    await user.click(undo);
    expect(await answerDialog(user, 'Abbrechen')).toContain(UPLOAD_UI_MESSAGES.undoConfirm('datei-7.csv', 3));
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.click(undo);
    await answerDialog(user, L.undo);
    expect(mutateAsync).toHaveBeenCalledWith(7);
    expect(onUndone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent(UPLOAD_UI_MESSAGES.undone('datei-7.csv', 3));
  });

  it('shows the server’s German refusal of an exported upload', async () => {
    batches = [batch(8)];
    mutateAsync.mockRejectedValue(
      new ApiError(409, 'Conflict', [{ property: '', message: UPLOAD_MESSAGES.batchExported }]),
    );
    const user = renderList();
    await user.click(screen.getByRole('button', { name: L.undoNamed('datei-8.csv') }));
    await answerDialog(user, L.undo);
    expect(within(screen.getByRole('alert')).getByText(UPLOAD_MESSAGES.batchExported)).toBeInTheDocument();
    expect(onUndone).not.toHaveBeenCalled();
  });
});
