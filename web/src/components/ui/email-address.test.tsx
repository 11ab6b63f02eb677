import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('may break after "@" and "-" and before ".", and reads as the address', () => {
    const { container } = render(<EmailAddress address="lieferant@gruenes-buero.example" />);
    expect(container.textContent).toBe('lieferant@gruenes-buero.example');
    expect(container.innerHTML).toBe('lieferant@<wbr>gruenes-<wbr>buero<wbr>.example');
  });

  it('leaves a text without such characters as it is', () => {
    const { container } = render(<EmailAddress address="admin" />);
    expect(container.innerHTML).toBe('admin');
  });
});
