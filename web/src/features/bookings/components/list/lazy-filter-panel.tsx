// The filter panel's pickers bring react-aria: about 60 kB of gzipped JavaScript, a quarter of the
// list's code. The panel is closed on most visits, so its code loads after the list's rows have
// been shown (or at once when the URL opens the panel), not before them.
//
// Not React.lazy: it suspends on its first render even when the code is already loaded, and React
// then holds the revealed panel back (its fallback throttle). Measured on the million, click on
// "Filter" → the panel with its fields: React.lazy 453–546 ms (five runs); this component 252–358 ms,
// as with the panel in the list's own code (278–384 ms).
import { useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import type { FilterPanelProps } from './filter-panel';

type Panel = ComponentType<FilterPanelProps>;

let loaded: Panel | null = null;
const loadFilterPanel = (): Promise<Panel> =>
  import('./filter-panel').then((module) => (loaded = module.FilterPanel));

export function LazyFilterPanel(props: FilterPanelProps) {
  const [panel, setPanel] = useState<{ Panel: Panel } | null>(() => (loaded ? { Panel: loaded } : null));
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (panel) return;
    let current = true;
    loadFilterPanel().then(
      (Panel) => current && setPanel({ Panel }),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [panel]);
  // A chunk that cannot be loaded goes to the route's error screen, as a screen's own code would.
  if (failure !== null) throw failure;
  return panel ? <panel.Panel {...props} /> : <Spinner />;
}

/** Loads the panel's code once `ready` (the list is shown), so that opening it later is instant. */
export function usePreloadedFilterPanel(ready: boolean): void {
  useEffect(() => {
    if (ready) void loadFilterPanel().catch(() => undefined); // the panel itself reports a failure
  }, [ready]);
}
