import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput } from './amount-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <AmountInput aria-label="Nettobetrag" value={value} onChange={setValue} />
      <button type="button">weiter</button>
    </>
  );
}

async function typeAndLeave(text: string) {
  const user = userEvent.setup();
  render(<Harness />);
  const input = screen.getByLabelText('Nettobetrag');
  await user.type(input, text);
  await user.click(screen.getByRole('button'));
  return input;
}

describe('AmountInput', () => {
  it('offers the decimal keypad and the placeholder 0,00', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Nettobetrag');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('placeholder', '0,00');
  });

  it('shows a typed amount German style with two decimals when left', async () => {
    expect(await typeAndLeave('1234,5')).toHaveValue('1.234,50');
  });

  it('reads a dot as the decimal point and keeps credit notes negative', async () => {
    expect(await typeAndLeave('-12.5')).toHaveValue('-12,50');
  });

  it('leaves text it cannot read and amounts with more decimals as typed, for the validation', async () => {
    expect(await typeAndLeave('12,345')).toHaveValue('12,345');
  });
});
