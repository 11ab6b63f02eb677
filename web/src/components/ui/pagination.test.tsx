import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pager = () => screen.getByRole('navigation', { name: 'Seitennavigation' });
// What a sighted user reads on the pager, in order (the ellipses are hidden from screen readers).
const visibleItems = () => Array.from(pager().querySelectorAll('li'), (item) => item.textContent?.trim());

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows previous, at most seven page items with ellipses, and next', () => {
    render(<Pagination page={5} pageCount={20} onPageChange={() => {}} />);
    expect(visibleItems()).toEqual(['‹ Zurück', '1', '…', '4', '5', '6', '…', '20', 'Weiter ›']);
  });

  it('marks the current page for assistive technology', () => {
    render(<Pagination page={5} pageCount={20} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Seite 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Seite 4' })).not.toHaveAttribute('aria-current');
  });

  it('reports the chosen page', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={5} pageCount={20} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Seite 20' }));
    await user.click(screen.getByRole('button', { name: /Weiter/ }));
    await user.click(screen.getByRole('button', { name: /Zurück/ }));
    expect(onPageChange.mock.calls).toEqual([[20], [6], [4]]);
  });

  it('does not report the page that is already shown', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageCount={3} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /Zurück/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Weiter/ })).toBeEnabled();
    rerender(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /Zurück/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Weiter/ })).toBeDisabled();
  });
});
