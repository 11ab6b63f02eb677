import { useEffect, useState } from 'react';
import { pageCount } from '@lp/domain/pagination';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import type { Booking } from '@lp/domain/entities';
import { bookingAccess, POLICIES } from '@lp/domain/policies';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../../components/ui/alert';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { Pagination } from '../../../../components/ui/pagination';
import { Spinner } from '../../../../components/ui/spinner';
import { SpinnerOverlay } from '../../../../components/ui/spinner-overlay';
import { useCurrentUser } from '../../../../lib/current-user';
import { useFocusOnArrival } from '../../../../lib/use-focus-on-arrival';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useBookings } from '../../api/get-bookings';
import './bookings-list.css';
import './bookings-cards.css';
import {
  hasPanelFilter,
  nextSorting,
  withFilter,
  withSorting,
  type BookingListFilter,
} from '../../utils/list-state';
import type { Column } from './columns';
import { LazyFilterPanel, usePreloadedFilterPanel } from './lazy-filter-panel';
import { ListSummary } from './list-summary';
import { ListToolbar } from './list-toolbar';
import { SortSelect } from './sort-select';
import { BookingsTable } from './bookings-table';
import { useListActions } from './use-list-actions';
import { useListState } from './use-list-state';
import { useSelection } from './use-selection';

const FILTER_PANEL_ID = 'bookings-filter';

/** Buchungen: search, filter, sort, page, select, delete and (admins) export bookings. */
export function BookingsPage() {
  usePageTitle(L.heading);
  const user = useCurrentUser();
  const { state, setState, key } = useListState();
  const query = useBookings(state);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pages = pageCount(total);

  // The panel opens by itself when the URL holds one of its filters.
  const [filterOpen, setFilterOpen] = useState(() => hasPanelFilter(state.filter));
  usePreloadedFilterPanel(query.data !== undefined);
  const selection = useSelection(key);
  const selected = items.filter((booking) => selection.ids.has(booking.id));
  // Rows are selected to delete or export them: a row the export lock keeps from deletion is not.
  const isSelectable = (booking: Booking) => POLICIES['booking:delete'](user, bookingAccess(booking));
  const selectPage = () => selection.set(new Set(items.filter(isSelectable).map((booking) => booking.id)));
  const actions = useListActions({
    state,
    total: query.data === undefined || query.isPlaceholderData ? undefined : total,
    selected,
    user,
    clearSelection: selection.clear,
  });
  // Löschen and Exportieren are disabled while they run: their answer takes the keyboard.
  const feedbackRef = useFocusOnArrival<HTMLDivElement>(actions.feedback);

  // After deleting the last rows of the last page, show the page that is now last.
  const pageAfterEnd =
    query.data !== undefined && !query.isPlaceholderData && pages > 0 && state.page > pages;
  useEffect(() => {
    if (pageAfterEnd) setState({ ...state, page: pages }, { flushSync: false });
  }, [pageAfterEnd, pages, setState, state]);

  const changeFilter = (change: Partial<BookingListFilter>) => setState(withFilter(state, change));
  const sortBy = (column: Column) => setState(withSorting(state, nextSorting(state.sorting, column.key)));

  return (
    <section className="page bookings-page">
      <div className="page-header">
        <h1>{L.heading}</h1>
        {query.data && <ListSummary total={total} netSum={query.data.netSum} />}
      </div>
      <ListToolbar
        searchQuery={state.filter.searchQuery}
        onSearch={(searchQuery) => changeFilter({ searchQuery })}
        filterOpen={filterOpen}
        filterActive={hasPanelFilter(state.filter)}
        filterPanelId={FILTER_PANEL_ID}
        onToggleFilter={() => setFilterOpen((open) => !open)}
        selectedCount={selected.length}
        onSelectAll={selectPage}
        onSelectNone={selection.clear}
        onDelete={() => void actions.deleteSelected()}
        onExport={POLICIES['bookings:export'](user) ? (format) => void actions.exportBookings(format) : null}
        busy={actions.isDeleting || actions.isExporting}
      />
      {filterOpen && <LazyFilterPanel id={FILTER_PANEL_ID} filter={state.filter} onChange={changeFilter} />}
      <SortSelect sorting={state.sorting} onChange={(sorting) => setState(withSorting(state, sorting))} />
      {actions.dialog}
      <div ref={feedbackRef} tabIndex={-1} className="status-box">
        {actions.feedback && (
          <Alert variant={actions.feedback.variant} onDismiss={actions.dismissFeedback}>
            <p>{actions.feedback.message}</p>
          </Alert>
        )}
      </div>
      {query.isError ? (
        // A failed load is no empty list: say so and offer to load again.
        <LoadFailed
          message={MESSAGES.bookingsLoadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <div className="list-loading">
          <Spinner />
        </div>
      ) : (
        <BookingsTable
          items={items}
          sorting={state.sorting}
          onSort={sortBy}
          selected={selection.ids}
          onToggle={selection.toggle}
          onTogglePage={(all) => (all ? selectPage() : selection.clear())}
          isSelectable={isSelectable}
        />
      )}
      <Pagination
        page={Math.min(state.page, Math.max(pages, 1))}
        pageCount={pages}
        onPageChange={(page) => setState({ ...state, page }, { scrollToTop: true })}
      />
      {actions.isExporting && <SpinnerOverlay />}
    </section>
  );
}
