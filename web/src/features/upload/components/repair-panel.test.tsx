import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPAIR_LABELS as L } from '@lp/domain/labels';
import type { UploadResult } from '@lp/domain/upload-columns';
import type { ColumnMapping, UploadSheet } from '@lp/domain/upload-sheet';
import { ApiError } from '../../../lib/api-error';
import type { UploadRowsVariables } from '../api/upload-rows';
import { RepairPanel } from './repair-panel';

const readUploadSheet = vi.fn<(file: File) => Promise<UploadSheet>>();
const mutateAsync = vi.fn<(variables: UploadRowsVariables) => Promise<UploadResult>>();
const rememberColumnMapping = vi.fn<(headers: readonly string[], mapping: ColumnMapping) => Promise<void>>();
vi.mock('../api/read-upload-sheet', () => ({ readUploadSheet: (file: File) => readUploadSheet(file) }));
vi.mock('../api/upload-rows', () => ({ useUploadRows: () => ({ mutateAsync, isPending: false }) }));
vi.mock('../api/remember-column-mapping', () => ({
  rememberColumnMapping: (h: readonly string[], m: ColumnMapping) => rememberColumnMapping(h, m),
}));

// jsdom lays nothing out: the grid's scroll box is given a height so the virtualiser renders rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
});
afterEach(() => {
  readUploadSheet.mockReset();
  mutateAsync.mockReset();
  rememberColumnMapping.mockReset();
});

const supplier = { id: 2, emailAddress: 'l@example.org', isAdmin: false, creditorNumber: 70001 };
const HEADERS = [
  'Rechnungsdatum',
  'Rechnungsnummer',
  'Debitornummer',
  'Lieferort',
  'Artikelnummer',
  'Nettobetrag',
];
const bookingRow = (rowNumber: number, debitor: string) => ({
  rowNumber,
  values: {
    Rechnungsdatum: '15.03.2026',
    Rechnungsnummer: `RE-${rowNumber}`,
    Debitornummer: debitor,
    Lieferort: 'Rathaus',
    Artikelnummer: '1200',
    Nettobetrag: '10,00',
  },
});
const unknownDebitor = (rowNumber: number) => ({
  property: 'Debitornummer',
  message: 'Der Debitor 99999 existiert nicht.',
  rowNumber,
});
const file = new File(['x'], 'buchungen.csv', { type: 'text/csv' });

function renderPanel(result: UploadResult, onImported = vi.fn()) {
  const user = userEvent.setup();
  render(
    <RepairPanel file={file} result={result} user={supplier} onImported={onImported} onDiscard={vi.fn()} />,
  );
  return { user, onImported };
}

const cell = (rowNumber: number, header: string) => {
  const row = screen
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent === String(rowNumber))!;
  const index = HEADERS.indexOf(header);
  return within(row).getAllByRole('gridcell')[index]!;
};

describe('RepairPanel', () => {
  it('marks the faulty cells, groups the repeated message, and applies one correction to every row with the same value', async () => {
    readUploadSheet.mockResolvedValue({
      headers: HEADERS,
      rows: [bookingRow(2, '10001'), bookingRow(3, '99999'), bookingRow(4, '99999'), bookingRow(5, '99999')],
      columnMapping: null,
    });
    const result = {
      errors: [unknownDebitor(3), unknownDebitor(4), unknownDebitor(5)],
      warnings: [],
      count: 0,
    };
    const { user, onImported } = renderPanel(result);

    await screen.findByRole('grid', { name: L.grid });
    // The upload's own list names the messages until the table checks again; only the faulty rows are shown.
    expect(screen.queryByText(/Zeilen 3–5/)).toBeNull();
    expect(screen.getByText(L.shownRows(3, 4))).toBeInTheDocument();
    const faulty = cell(3, 'Debitornummer');
    expect(faulty).toHaveAttribute('aria-invalid', 'true');
    expect(faulty).toHaveAccessibleName(/Der Debitor 99999 existiert nicht/);
    expect(cell(3, 'Lieferort')).not.toHaveAttribute('aria-invalid');

    // Keyboard: click the cell, Enter edits, the new value, Enter keeps it.
    await user.click(faulty);
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', { name: L.editCell('Debitornummer', 3) });
    await user.clear(editor);
    await user.type(editor, '10002{Enter}');
    expect(cell(3, 'Debitornummer')).toHaveTextContent('10002');
    expect(cell(3, 'Debitornummer')).not.toHaveAttribute('aria-invalid');
    expect(cell(4, 'Debitornummer')).toHaveTextContent('99999');

    expect(screen.getByText(L.applyToAllQuestion('99999', 2, 'Debitornummer'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: L.applyToAll('10002') }));
    expect(screen.getByText(L.applyToAllDone(2))).toBeInTheDocument();
    expect(cell(4, 'Debitornummer')).toHaveTextContent('10002');
    expect(cell(5, 'Debitornummer')).toHaveTextContent('10002');

    // Erneut prüfen: a dry run of every row as corrected.
    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [], count: 0 });
    await user.click(screen.getByRole('button', { name: L.check }));
    expect(mutateAsync).toHaveBeenLastCalledWith(
      expect.objectContaining({ dryRun: true, checkForDuplicates: true }),
    );
    const sent = mutateAsync.mock.lastCall![0].rows;
    expect(sent.map((r) => [r.rowNumber, r.values.Debitornummer])).toEqual([
      [2, '10001'],
      [3, '10002'],
      [4, '10002'],
      [5, '10002'],
    ]);
    expect(await screen.findByText(L.checkedClean)).toBeInTheDocument();

    mutateAsync.mockResolvedValueOnce({ errors: [], warnings: [], count: 4 });
    await user.click(screen.getByRole('button', { name: L.import }));
    expect(mutateAsync).toHaveBeenLastCalledWith(
      expect.objectContaining({ dryRun: false, fileName: 'buchungen.csv' }),
    );
    await waitFor(() => expect(onImported).toHaveBeenCalledWith({ errors: [], warnings: [], count: 4 }));
  });

  it('keeps a correction to one cell when the user says no, and Escape drops an edit', async () => {
    readUploadSheet.mockResolvedValue({
      headers: HEADERS,
      rows: [bookingRow(2, '99999'), bookingRow(3, '99999')],
      columnMapping: null,
    });
    const { user } = renderPanel({ errors: [unknownDebitor(2), unknownDebitor(3)], warnings: [], count: 0 });
    await screen.findByRole('grid', { name: L.grid });
    await user.click(cell(2, 'Debitornummer'));
    await user.keyboard('7{Escape}');
    expect(cell(2, 'Debitornummer')).toHaveTextContent('99999');
    await user.keyboard('{F2}');
    await user.keyboard('{Control>}a{/Control}10001{Enter}');
    await user.click(screen.getByRole('button', { name: L.dismiss }));
    expect(cell(2, 'Debitornummer')).toHaveTextContent('10001');
    expect(cell(3, 'Debitornummer')).toHaveTextContent('99999');

    // A check from the table lists its messages, the same one of many rows as one line with a jump.
    mutateAsync.mockResolvedValueOnce({ errors: [unknownDebitor(3)], warnings: [], count: 0 });
    await user.click(screen.getByRole('button', { name: L.check }));
    const groups = await screen.findByRole('region', { name: L.groupsHeading });
    expect(groups).toHaveTextContent('Debitornummer: Der Debitor 99999 existiert nicht. – Zeile 3');
    await user.click(screen.getByRole('button', { name: L.showRow(3) }));
    expect(cell(3, 'Debitornummer')).toHaveFocus();
    // Row 2 is correct now: the filter leaves it out.
    expect(screen.getByText(L.shownRows(1, 2))).toBeInTheDocument();

    // A refusal of the rows as a whole is said in the server's words; the corrections stay.
    mutateAsync.mockRejectedValueOnce(
      new ApiError(429, 'busy', [{ property: '', message: 'Zurzeit werden zu viele Dateien geprüft.' }]),
    );
    await user.click(screen.getByRole('button', { name: L.import }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zurzeit werden zu viele Dateien geprüft.');
    expect(cell(3, 'Debitornummer')).toHaveTextContent('99999');
  });

  it('asks which column is which for unknown headers, remembers the choice and checks the mapped rows', async () => {
    const headers = ['Datum', 'Beleg', 'Kunde', 'Ort', 'Artikel', 'Betrag'];
    readUploadSheet.mockResolvedValue({
      headers,
      rows: [
        {
          rowNumber: 2,
          values: {
            Datum: '15.03.2026',
            Beleg: 'B-1',
            Kunde: '10001',
            Ort: 'Amt',
            Artikel: '1200',
            Betrag: '3,00',
          },
        },
      ],
      columnMapping: { Datum: 'invoiceDate' },
    });
    rememberColumnMapping.mockResolvedValue();
    mutateAsync.mockResolvedValue({ errors: [], warnings: [], count: 0 });
    const { user } = renderPanel({
      errors: [{ property: '', message: 'Es fehlen Spalten.', rowNumber: 1 }],
      warnings: [],
      count: 0,
    });

    const select = async (header: string, column: string) =>
      user.selectOptions(await screen.findByRole('combobox', { name: header }), column);
    // The remembered choice is already made.
    expect(await screen.findByRole('combobox', { name: 'Datum' })).toHaveValue('invoiceDate');
    expect(screen.getByRole('button', { name: L.mappingApply })).toBeDisabled();
    await select('Beleg', 'Rechnungsnummer');
    await select('Kunde', 'Debitornummer');
    await select('Ort', 'Lieferort');
    await select('Artikel', 'Artikelnummer');
    await select('Betrag', 'Rechnungsnummer');
    expect(screen.getByText(L.mappingTwice('Rechnungsnummer'))).toBeInTheDocument();
    await select('Betrag', 'Nettobetrag');
    await user.click(screen.getByRole('button', { name: L.mappingApply }));

    expect(rememberColumnMapping).toHaveBeenCalledWith(headers, {
      Datum: 'invoiceDate',
      Beleg: 'invoiceNumber',
      Kunde: 'debitorNumber',
      Ort: 'deliveryLocation',
      Artikel: 'articleNumber',
      Betrag: 'net',
    });
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ dryRun: true })));
    expect(mutateAsync.mock.lastCall![0].rows[0]!.values).toEqual({
      Rechnungsdatum: '15.03.2026',
      Rechnungsnummer: 'B-1',
      Debitornummer: '10001',
      Lieferort: 'Amt',
      Artikelnummer: '1200',
      Nettobetrag: '3,00',
    });
    expect(await screen.findByText(L.checkedClean)).toBeInTheDocument();
  });
});
