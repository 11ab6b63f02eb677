import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('applies the trimmed text on Enter, not on every keystroke', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<SearchBox value="" onApply={onApply} />);
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), '  Rathaus ');
    expect(onApply).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledExactlyOnceWith('Rathaus');
  });

  it('applies when the box is left, unless nothing changed', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<SearchBox value="Lager" onApply={onApply} />);
    const box = screen.getByRole('searchbox', { name: 'Suche' });
    await user.click(box);
    await user.tab();
    expect(onApply).not.toHaveBeenCalled();
    await user.clear(box);
    await user.tab();
    expect(onApply).toHaveBeenCalledExactlyOnceWith('');
  });

  it('shows a search set from outside (the back button)', () => {
    const { rerender } = render(<SearchBox value="alt" onApply={() => {}} />);
    rerender(<SearchBox value="neu" onApply={() => {}} />);
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('neu');
  });
});
