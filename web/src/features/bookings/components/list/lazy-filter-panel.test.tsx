import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { EMPTY_FILTER } from '../../utils/list-state';

/**
 * Fresh copies of the module (whether the panel's code is loaded is module state) and of the test
 * routes, so that both share one current-user context.
 */
async function freshModule() {
  vi.resetModules();
  const [panel, routes] = await Promise.all([
    import('./lazy-filter-panel'),
    import('../../../../lib/testing/render-routes'),
  ]);
  return { ...panel, renderRoutes: routes.renderRoutes };
}

beforeEach(() => {
  // The pickers' master-data lists: empty.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the filter panel loaded on demand', () => {
  it('shows a spinner while its code loads, then the panel', async () => {
    const { LazyFilterPanel, renderRoutes } = await freshModule();
    renderRoutes(
      [{ path: '/', element: <LazyFilterPanel id="f" filter={EMPTY_FILTER} onChange={() => undefined} /> }],
      '/',
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: L.filter })).toBeInTheDocument();
    expect(screen.getByText(L.article)).toBeInTheDocument();
  });

  it('opens at once, without a spinner, once the list has preloaded its code', async () => {
    const { LazyFilterPanel, usePreloadedFilterPanel, renderRoutes } = await freshModule();
    function Preload() {
      usePreloadedFilterPanel(true);
      return null;
    }
    renderRoutes([{ path: '/', element: <Preload /> }], '/');
    await vi.dynamicImportSettled();
    await Promise.resolve(); // the loader's own .then

    document.body.innerHTML = '';
    renderRoutes(
      [{ path: '/', element: <LazyFilterPanel id="f" filter={EMPTY_FILTER} onChange={() => undefined} /> }],
      '/',
    );
    expect(screen.getByRole('region', { name: L.filter })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
