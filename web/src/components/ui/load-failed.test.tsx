import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says the list failed and loads it again on request', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed message={MESSAGES.bookingsLoadFailed} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.bookingsLoadFailed);
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('waits while a retry runs', () => {
    render(<LoadFailed message={MESSAGES.listLoadFailed} onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: MESSAGES.retry })).toBeDisabled();
  });
});

describe('LoadFailed detail', () => {
  it('names the reason when one is known', () => {
    render(
      <LoadFailed message={MESSAGES.listLoadFailed} detail={MESSAGES.forbidden} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.getByRole('alert')).not.toHaveTextContent(MESSAGES.loadFailedAdvice);
  });
});
