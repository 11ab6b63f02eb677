import { UI_LABELS } from '@lp/domain/labels';
import { pageItems } from '@lp/domain/pagination';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** Previous, page numbers (at most MAX_PAGE_LINKS, with ellipses) and next. Hidden for a single page. */
export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const items = pageItems(page, pageCount);
  return (
    <nav className="pagination" aria-label={UI_LABELS.pagination}>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__step"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <span aria-hidden="true">‹ </span>
            {UI_LABELS.previousPage}
          </button>
        </li>
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={`ellipsis-${item.position}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__page"
                aria-label={UI_LABELS.page(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => item.page !== page && onPageChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__step"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            {UI_LABELS.nextPage}
            <span aria-hidden="true"> ›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
