import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_CHOICES_KEY } from '../../lib/storage-keys';
import { RecordCombobox } from './record-combobox';
import { numberNameOptions } from './select-options';

const debitors = numberNameOptions([
  { number: 100001, name: 'Stadtverwaltung Hanau', street: 'Am Markt 14', zipCode: '63450', city: 'Hanau' },
  {
    number: 100002,
    name: 'Stadtverwaltung Hanau',
    street: 'Steinheimer Str. 1',
    zipCode: '63456',
    city: 'Hanau',
  },
  { number: 100003, name: 'Kita Sonnenschein', street: 'Hauptstraße 5', zipCode: '60311', city: 'Frankfurt' },
  { number: 100004, name: 'Kita Sonnenschein', street: 'Bahnstraße 2', zipCode: '63225', city: 'Langen' },
  { number: 100005, name: 'Grundschule Süd', street: 'Schulweg 3', zipCode: '63225', city: 'Langen' },
]);

function Picker({
  onChange,
  initial = null,
}: {
  onChange: (value: number | null) => void;
  initial?: number | null;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label id="debitor-label" htmlFor="debitor">
        Debitor
      </label>
      <RecordCombobox
        id="debitor"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        options={debitors}
        recentKind="debitor"
      />
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Debitor' });
const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

afterEach(() => localStorage.clear());

// Typing through react-aria's combobox renders per keystroke: generous time on a loaded machine.
describe('RecordCombobox', { timeout: 30_000 }, () => {
  it('finds the Kita in Langen by "Kita Langen" and chooses it with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await user.click(input());
    await user.keyboard('Kita Langen');
    expect(optionTexts()).toEqual(['100004 – Kita Sonnenschein Bahnstraße 2, 63225 Langen']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(100004);
    expect(input()).toHaveValue('100004 – Kita Sonnenschein');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Its address stays beside the chosen name: the other Kita Sonnenschein is in Frankfurt.
    expect(screen.getByText('Bahnstraße 2, 63225 Langen')).toBeVisible();
    expect(input()).toHaveAccessibleDescription('Bahnstraße 2, 63225 Langen');
  });

  it('shows no second line while nothing is chosen', () => {
    render(<Picker onChange={vi.fn()} />);
    expect(input()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Am Markt 14, 63450 Hanau')).toBeNull();
  });

  it("matches numbers and words without umlauts, and says the spec's empty-list text when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Picker onChange={vi.fn()} />);
    await user.click(input());
    await user.keyboard('grundschule sud');
    expect(optionTexts()).toEqual(['100005 – Grundschule Süd Schulweg 3, 63225 Langen']);
    await user.clear(input());
    await user.keyboard('100002');
    expect(optionTexts()).toHaveLength(1);
    await user.keyboard(' Offenbach');
    expect(screen.getByRole('listbox')).toHaveTextContent('Keine Einträge gefunden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('tells same-name debitors apart by street and city', async () => {
    const user = userEvent.setup();
    render(<Picker onChange={vi.fn()} />);
    await user.click(input());
    await user.keyboard('Stadtverwaltung Hanau');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option])).toHaveLength(2);
    // Street and city are part of each option's name: what a screen reader reads and a voice user says.
    expect(options[0]).toHaveAccessibleName('100001 – Stadtverwaltung Hanau Am Markt 14, 63450 Hanau');
    expect(options[1]).toHaveAccessibleName('100002 – Stadtverwaltung Hanau Steinheimer Str. 1, 63456 Hanau');
  });

  it('lists the recently chosen records first when the query is empty, newest first', async () => {
    const user = userEvent.setup();
    const first = render(<Picker onChange={vi.fn()} />);
    for (const query of ['Grundschule', '100002']) {
      await user.click(input());
      await user.clear(input());
      await user.keyboard(`${query}{ArrowDown}{Enter}`);
    }
    first.unmount();
    expect(JSON.parse(localStorage.getItem(`${RECENT_CHOICES_KEY}:debitor:anonymous`) ?? '')).toEqual([
      100002, 100005,
    ]);

    render(<Picker onChange={vi.fn()} />);
    await user.click(input());
    expect(optionTexts().map((text) => text?.slice(0, 6))).toEqual([
      '100002',
      '100005',
      '100001',
      '100003',
      '100004',
    ]);
  });

  it('shows a stored value, and clearing the text chooses nothing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} initial={100003} />);
    expect(input()).toHaveValue('100003 – Kita Sonnenschein');
    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps text that names several records when the user tabs away, chooses nothing and says why', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Picker onChange={onChange} initial={100005} />
        <button type="button">Weiter</button>
      </>,
    );
    await user.click(input());
    await user.clear(input());
    await user.keyboard('Kita');
    await user.tab();
    expect(input()).toHaveValue('Kita');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input()).toHaveAccessibleDescription(
      '2 Einträge passen zu dieser Eingabe. Bitte einen aus der Liste wählen.',
    );
    // Back in the field, the list offers the two records the text matches; choosing one clears the note.
    await user.click(input());
    expect(optionTexts()).toHaveLength(2);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(100003);
    expect(input()).toHaveAccessibleDescription('Hauptstraße 5, 60311 Frankfurt');
  });

  it('keeps text that names no record when the field is left, and typing takes the note away', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await user.click(input());
    await user.keyboard('Offenbach');
    await user.click(document.body);
    expect(input()).toHaveValue('Offenbach');
    expect(
      screen.getByText('Kein Eintrag passt zu dieser Eingabe. Bitte Nummer oder Namen prüfen.'),
    ).toBeVisible();
    await user.click(input());
    await user.keyboard('{Backspace}');
    expect(screen.queryByText(/Kein Eintrag passt/)).toBeNull();
    expect(onChange).not.toHaveBeenCalledWith(expect.any(Number));
  });

  it('drops the note when a value is set from outside over text left unresolved', async () => {
    const user = userEvent.setup();
    function Outside() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <>
          <label id="debitor-label" htmlFor="debitor">
            Debitor
          </label>
          <RecordCombobox id="debitor" value={value} onChange={setValue} options={debitors} />
          <button type="button" onClick={() => setValue(100003)}>
            Von außen
          </button>
        </>
      );
    }
    render(<Outside />);
    await user.click(input());
    await user.keyboard('Kita');
    await user.click(document.body);
    expect(screen.getByText(/2 Einträge passen/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Von außen' }));
    expect(input()).toHaveValue('100003 – Kita Sonnenschein');
    expect(screen.queryByText(/Einträge passen/)).toBeNull();
  });

  it('still chooses the one record typed text names when the field is left, and keeps an unchanged choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Picker onChange={onChange} initial={100001} />
        <button type="button">Weiter</button>
      </>,
    );
    await user.click(input());
    await user.tab();
    expect(input()).toHaveValue('100001 – Stadtverwaltung Hanau');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(input());
    await user.clear(input());
    await user.keyboard('Grundschule');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(100005);
    expect(input()).toHaveValue('100005 – Grundschule Süd');
    expect(screen.queryByText(/passen zu dieser Eingabe/)).toBeNull();
  });

  it('chooses the current record again when its option is marked, even under text that matches several', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} initial={100001} />);
    await user.click(input());
    // Typed over the selected label, so the field is never empty (which would choose nothing); the
    // typing marks the first match, the current record (decision 0082).
    await user.keyboard('{Control>}a{/Control}Stadtverwaltung{Enter}');
    expect(input()).toHaveValue('100001 – Stadtverwaltung Hanau');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText(/passen zu dieser Eingabe/)).toBeNull();
  });

  it('says "Keine Einträge gefunden" when there is nothing to choose', () => {
    render(<RecordCombobox id="article" aria-label="Artikel" value={null} onChange={vi.fn()} options={[]} />);
    expect(screen.getByRole('combobox')).toHaveAttribute('placeholder', 'Keine Einträge gefunden');
  });
});
