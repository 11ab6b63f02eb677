import { parseCalendarDate } from '@lp/domain/dates';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MaskedDateInput } from './masked-date-input';

// A form in miniature: the component is controlled by its parent's state, as with react-hook-form.
let setFromOutside: (value: string) => void = () => {};
function Harness({ initial = '', onChange }: { initial?: string; onChange?: (text: string) => void }) {
  const [value, setValue] = useState(initial);
  setFromOutside = setValue;
  return (
    <>
      <MaskedDateInput
        aria-label="Rechnungsdatum"
        value={value}
        onChange={(text) => {
          setValue(text);
          onChange?.(text);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

function setup(initial?: string, onChange?: (text: string) => void) {
  const user = userEvent.setup();
  render(<Harness initial={initial} onChange={onChange} />);
  const input = screen.getByLabelText<HTMLInputElement>('Rechnungsdatum');
  const value = () => screen.getByTestId('value').textContent;
  return { user, input, value };
}

describe('MaskedDateInput', () => {
  it('says what to type while empty and shows the placeholder letters while focused', async () => {
    const { user, input, value } = setup();
    expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    expect(input).toHaveValue('');
    await user.click(input);
    expect(input).toHaveValue('TT.MM.JJJJ');
    expect(value()).toBe('');
  });

  it('formats typed digits as dd.MM.yyyy and reports the text', async () => {
    const { user, input, value } = setup();
    await user.type(input, '15032026');
    expect(input).toHaveValue('15.03.2026');
    expect(value()).toBe('15.03.2026');
    expect(parseCalendarDate(value() ?? '')).toBe('2026-03-15');
  });

  it('reports an incomplete date without the placeholder letters', async () => {
    const { user, input, value } = setup();
    await user.type(input, '1503');
    expect(input).toHaveValue('15.03.JJJJ');
    expect(value()).toBe('15.03');
    expect(parseCalendarDate(value() ?? '')).toBeNull();
  });

  it('pads a day or month digit that cannot start a two-digit number', async () => {
    const { user, input } = setup();
    await user.type(input, '452026');
    expect(input).toHaveValue('04.05.2026');
  });

  it('refuses a day above 31 and a month above 12', async () => {
    const { user, input } = setup();
    await user.type(input, '3');
    await user.type(input, '5');
    expect(input).toHaveValue('3T.MM.JJJJ');
    await user.type(input, '0');
    await user.type(input, '13');
    expect(input).toHaveValue('30.1M.JJJJ');
  });

  it('accepts years from 1900 to 9999 only', async () => {
    const { user, input, value } = setup();
    await user.type(input, '0101');
    await user.type(input, '0');
    await user.type(input, '18');
    expect(value()).toBe('01.01.1');
    await user.type(input, '900');
    expect(value()).toBe('01.01.1900');
  });

  it('refuses the keystroke that would complete a nonexistent date', async () => {
    const { user, input, value } = setup();
    await user.type(input, '31022026');
    expect(value()).toBe('31.02.202');
    await user.clear(input);
    await user.type(input, '29022024');
    expect(value()).toBe('29.02.2024');
  });

  it('shows a value set from outside and does not echo it back', async () => {
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
    render(<MaskedDateInput aria-label="Datum" value="" onChange={() => {}} invalid />);
    expect(screen.getByLabelText('Datum')).toHaveAttribute('aria-invalid', 'true');
  });
});
