import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterDateInput } from './filter-date-input';

let setApplied: (day: string | null) => void = () => {};
function Harness({ onApply }: { onApply: (day: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  setApplied = setValue;
  return (
    <FilterDateInput
      id="until"
      aria-describedby={undefined}
      aria-invalid={undefined}
      aria-required={undefined}
      value={value}
      onChange={(day) => {
        setValue(day);
        onApply(day);
      }}
    />
  );
}

function setup() {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<Harness onApply={onApply} />);
  return { user, onApply, input: screen.getByRole<HTMLInputElement>('textbox') };
}

describe('FilterDateInput', () => {
  it('applies d.M.yyyy once the year is whole, not the half-typed years before', async () => {
    const { user, onApply, input } = setup();
    await user.click(input);
    await user.keyboard('1.3.2025');
    expect(onApply.mock.calls).toEqual([['2025-03-01']]);
    await user.tab();
    expect(input).toHaveValue('01.03.2025');
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('applies a two-digit year when the box is left', async () => {
    const { user, onApply, input } = setup();
    await user.click(input);
    await user.keyboard('1.3.25');
    expect(onApply).not.toHaveBeenCalled();
    await user.tab();
    expect(onApply.mock.calls).toEqual([['2025-03-01']]);
    expect(input).toHaveValue('01.03.2025');
  });

  it('applies the digits of a date without dots when the box is left, not the shorter date they begin with', async () => {
    const { user, onApply, input } = setup();
    await user.click(input);
    await user.keyboard('01022026');
    expect(onApply).not.toHaveBeenCalled();
    await user.tab();
    expect(onApply.mock.calls).toEqual([['2026-02-01']]);
    expect(input).toHaveValue('01.02.2026');
  });

  it('keeps a refused date as typed and explains it instead of emptying it', async () => {
    const { user, onApply, input } = setup();
    await user.click(input);
    await user.keyboard('31.02.2025');
    await user.tab();
    expect(input).toHaveValue('31.02.2025');
    expect(onApply).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Den 31\.02\.2025 gibt es nicht im Kalender/);
  });

  it('shows a date set from outside and empties for a reset', async () => {
    const { user, input } = setup();
    act(() => setApplied('2025-03-01'));
    expect(input).toHaveValue('01.03.2025');
    // Overtyped with a refused date, the applied filter stays until the reset empties both.
    await user.tripleClick(input);
    await user.keyboard('31.02.2025');
    await user.tab();
    expect(input).toHaveValue('31.02.2025');
    act(() => setApplied(null));
    expect(input).toHaveValue('');
  });
});
