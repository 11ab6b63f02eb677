import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * The ticked rows of the list. They belong to one page of one filter: a new `resetKey` (another page,
 * filter or sorting) starts with nothing selected.
 */
export function useSelection(resetKey: string) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: resetKey, ids: NONE });
  const ids = state.key === resetKey ? state.ids : NONE;

  const set = useCallback((next: ReadonlySet<number>) => setState({ key: resetKey, ids: next }), [resetKey]);
  const toggle = useCallback(
    (id: number, selected: boolean) =>
      setState((current) => {
        const next = new Set(current.key === resetKey ? current.ids : NONE);
        if (selected) next.add(id);
        else next.delete(id);
        return { key: resetKey, ids: next };
      }),
    [resetKey],
  );

  return { ids, set, toggle, clear: useCallback(() => set(NONE), [set]) };
}
