// The filter panel's pickers bring react-aria: about 60 kB of gzipped JavaScript, a quarter of the
// list's code. The panel is closed on most visits, so its code loads after the list's rows have
// been shown (or at once when the URL opens the panel), not before them.
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import type { FilterPanelProps } from './filter-panel';

const loadFilterPanel = () => import('./filter-panel');
const FilterPanelCode = lazy(() => loadFilterPanel().then((m) => ({ default: m.FilterPanel })));

export function LazyFilterPanel(props: FilterPanelProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <FilterPanelCode {...props} />
    </Suspense>
  );
}

/** Loads the panel's code once `ready` (the list is shown), so that opening it later is instant. */
export function usePreloadedFilterPanel(ready: boolean): void {
  useEffect(() => {
    if (ready) void loadFilterPanel();
  }, [ready]);
}
