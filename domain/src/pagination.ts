// The pager's page list: which page numbers to show and where ellipses stand. Pure, so it is tested
// without a browser and any list screen gets the same behaviour.
import { PAGE_SIZE } from './limits';

/** Most page links the pager shows before it uses ellipses (spec section 2). */
export const MAX_PAGE_LINKS = 7;

export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; position: 'start' | 'end' };

/** Number of pages for a total item count; 0 when there is nothing to show. */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The items of the pager for `current` (1-based) of `totalPages`. At most `maxItems` items, ellipses
 * included, so never more than MAX_PAGE_LINKS page links: the first and the last page always show
 * (they are the usual jump targets), the rest is a window around the current page.
 * Example (7 items, 10 pages): 1 2 3 4 5 … 10 | 1 … 4 5 6 … 10 | 1 … 6 7 8 9 10.
 */
export function pageItems(
  current: number,
  totalPages: number,
  maxItems: number = MAX_PAGE_LINKS,
): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const pages = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'page', page: from + i }));

  if (totalPages <= maxItems) return pages(1, totalPages);
  // Below five slots first, last and two ellipses leave no room for a window: show a plain window.
  if (maxItems < 5) {
    const size = Math.max(1, maxItems);
    const from = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), totalPages - size + 1);
    return pages(from, from + size - 1);
  }

  const start: PageItem = { kind: 'ellipsis', position: 'start' };
  const end: PageItem = { kind: 'ellipsis', position: 'end' };
  const first: PageItem = { kind: 'page', page: 1 };
  const last: PageItem = { kind: 'page', page: totalPages };
  // Near an edge one ellipsis suffices and the window grows by its slot.
  const edgeRun = maxItems - 2;
  if (page <= edgeRun - 1) return [...pages(1, edgeRun), end, last];
  if (page >= totalPages - edgeRun + 2) return [first, start, ...pages(totalPages - edgeRun + 1, totalPages)];

  const middle = maxItems - 4;
  const from = page - Math.floor((middle - 1) / 2);
  return [first, start, ...pages(from, from + middle - 1), end, last];
}
