import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterBookingsChanged } from './bookings-changed';
import { masterDataKeys } from './master-data-keys';

describe('refreshAfterBookingsChanged', () => {
  it('marks stale what shows the bookings: list, Meldestatus, creditors’ last booking, upload counts', () => {
    const client = new QueryClient();
    const shown = [
      ['transactions', 'page', {}],
      ['reporting-status', '2026-01', '2026-11', false],
      masterDataKeys.list('creditors', false),
      ['upload-batches'],
    ];
    const untouched = [masterDataKeys.list('articles', false), ['export-batches']];
    for (const key of [...shown, ...untouched]) client.setQueryData(key, []);
    refreshAfterBookingsChanged(client);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(shown.map(invalidated)).toEqual([true, true, true, true]);
    expect(untouched.map(invalidated)).toEqual([false, false]);
  });
});
