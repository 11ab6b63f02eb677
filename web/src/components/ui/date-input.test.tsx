import { parseCalendarDate } from '@lp/domain/dates';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './date-input';
import { MonthInput } from './month-input';

// A form in miniature: the component is controlled by its parent's state, as with react-hook-form.
let setFromOutside: (value: string) => void = () => {};
function Harness({
  initial = '',
  onChange,
  kind = 'date',
}: {
  initial?: string;
  onChange?: (text: string) => void;
  kind?: 'date' | 'month';
}) {
  const [value, setValue] = useState(initial);
  setFromOutside = setValue;
  const Input = kind === 'date' ? DateInput : MonthInput;
  return (
    <>
      <input aria-label="Davor" />
      <Input
        id="field"
        aria-label="Feld"
        value={value}
        onChange={(text) => {
          setValue(text);
          onChange?.(text);
        }}
      />
      <input aria-label="Danach" />
      <output data-testid="value">{value}</output>
    </>
  );
}

function setup(initial?: string, onChange?: (text: string) => void, kind?: 'date' | 'month') {
  const user = userEvent.setup();
  render(<Harness initial={initial} onChange={onChange} kind={kind} />);
  const input = screen.getByLabelText<HTMLInputElement>('Feld');
  const value = () => screen.getByTestId('value').textContent;
  return { user, input, value };
}

/** Focuses the field by Tab from the control before it, as a keyboard user does. */
async function tabInto(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Davor'));
  await user.tab();
}

describe('DateInput', () => {
  it('says what to type while empty', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    expect(input).toHaveValue('');
  });

  it('takes every keystroke after Tab', async () => {
    const { user, input, value } = setup();
    await tabInto(user);
    expect(input).toHaveFocus();
    await user.keyboard('15.03.2026');
    expect(input).toHaveValue('15.03.2026');
    expect(value()).toBe('15.03.2026');
  });

  it.each([
    ['1.3.2025', '01.03.2025', '2025-03-01'],
    ['3.1.2025', '03.01.2025', '2025-01-03'],
    ['1.3.25', '01.03.2025', '2025-03-01'],
    ['2025-03-01', '01.03.2025', '2025-03-01'],
    ['29.2.2024', '29.02.2024', '2024-02-29'],
    // The digits a date mask takes, as people used to one type them.
    ['01022026', '01.02.2026', '2026-02-01'],
    ['010226', '01.02.2026', '2026-02-01'],
  ])('reads %j as typed and shows it as %j once left', async (typed, shown, iso) => {
    const { user, input, value } = setup();
    await tabInto(user);
    await user.keyboard(typed);
    expect(input).toHaveValue(typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(parseCalendarDate(value() ?? '')).toBe(iso);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes a pasted ISO date', async () => {
    const { user, input } = setup();
    await tabInto(user);
    await user.paste('2025-03-01');
    await user.tab();
    expect(input).toHaveValue('01.03.2025');
  });

  it.each([
    [
      '31.02.2025',
      'Den 31.02.2025 gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
    ],
    ['1.1.1899', 'Das Jahr muss zwischen 1900 und 9999 liegen.'],
    ['13132025', 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.'],
  ])('keeps the refused %j as typed and says why, tied to the field', async (typed, message) => {
    const { user, input, value } = setup();
    await tabInto(user);
    await user.keyboard(typed);
    await user.tab();
    expect(input).toHaveValue(typed);
    expect(value()).toBe(typed);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    // Typing again takes the explanation away until the field is left once more.
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('leaves the explanation to the form once the form reports the field', () => {
    render(<DateInput id="d" aria-label="Datum" value="31.02.2025" onChange={() => {}} aria-invalid />);
    expect(screen.getByLabelText('Datum')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/gibt es nicht/)).toBeNull();
  });

  it('shows a value set from outside and does not echo it back', () => {
    const onChange = vi.fn();
    const { input } = setup('01.04.2025', onChange);
    expect(input).toHaveValue('01.04.2025');
    act(() => setFromOutside('24.12.2026'));
    expect(input).toHaveValue('24.12.2026');
    act(() => setFromOutside(''));
    expect(input).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks itself invalid for assistive technology when told so', () => {
    render(<DateInput aria-label="Datum" value="" onChange={() => {}} invalid />);
    expect(screen.getByLabelText('Datum')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('MonthInput', () => {
  it.each([
    ['3.2025', '03.2025'],
    ['03.25', '03.2025'],
    ['2025-03', '03.2025'],
    ['032025', '03.2025'],
    ['1026', '10.2026'],
  ])('reads %j after Tab and shows it as %j once left', async (typed, shown) => {
    const { user, input } = setup('', undefined, 'month');
    expect(input).toHaveAttribute('placeholder', 'MM.JJJJ');
    await tabInto(user);
    await user.keyboard(typed);
    await user.tab();
    expect(input).toHaveValue(shown);
  });

  it('keeps a refused month and says why', async () => {
    const { user, input } = setup('', undefined, 'month');
    await tabInto(user);
    await user.keyboard('13.2025');
    await user.tab();
    expect(input).toHaveValue('13.2025');
    expect(input).toHaveAccessibleDescription('Bitte geben Sie einen gültigen Monat im Format MM.JJJJ ein.');
  });
});
