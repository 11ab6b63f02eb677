import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, writeListState, type ListState } from '../../utils/list-state';

export interface SetListStateOptions {
  /** Paging scrolls back to the top of the page; filtering and sorting keep the position. */
  scrollToTop?: boolean;
  /**
   * Renders the new state at once (default). The filter's checkboxes and selects show the URL's state:
   * rendered later (in a transition), a clicked box would flip back for a moment. False only where
   * React is already rendering (effects).
   */
  flushSync?: boolean;
}

/**
 * The list's filter, sorting and page, kept in the page URL: reload, bookmarks and the back button
 * keep them. `key` changes with every new state (the selection is dropped then).
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const setState = useCallback(
    (next: ListState, { scrollToTop = false, flushSync = true }: SetListStateOptions = {}) =>
      setParams(writeListState(next), { preventScrollReset: !scrollToTop, flushSync }),
    [setParams],
  );
  return { state, setState, key: params.toString() };
}
