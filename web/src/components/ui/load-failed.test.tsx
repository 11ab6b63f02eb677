import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { ApiError } from '../../lib/api-error';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says the list failed and loads it again on request', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed message={MESSAGES.bookingsLoadFailed} error={null} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.bookingsLoadFailed);
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('waits while a retry runs', () => {
    render(<LoadFailed message={MESSAGES.listLoadFailed} error={null} onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: MESSAGES.retry })).toBeDisabled();
  });
});

describe('LoadFailed detail', () => {
  it('names the reason when one is known', () => {
    render(
      <LoadFailed
        message={MESSAGES.listLoadFailed}
        error={new ApiError(503, MESSAGES.databaseUnavailable)}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.databaseUnavailable);
    expect(screen.getByRole('alert')).not.toHaveTextContent(MESSAGES.loadFailedAdvice);
    expect(screen.getByRole('button', { name: MESSAGES.retry })).toBeVisible();
  });

  it('offers no retry where a second try cannot help (no permission), but after too many requests', () => {
    const { rerender } = render(
      <LoadFailed
        message={MESSAGES.listLoadFailed}
        error={new ApiError(403, MESSAGES.forbidden)}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.queryByRole('button', { name: MESSAGES.retry })).toBeNull();
    rerender(
      <LoadFailed
        message={MESSAGES.listLoadFailed}
        error={new ApiError(429, MESSAGES.tooManyRequests)}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: MESSAGES.retry })).toBeVisible();
  });
});
