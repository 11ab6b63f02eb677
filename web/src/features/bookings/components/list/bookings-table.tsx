import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Sorting } from '@lp/domain/booking-list-query';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { cx } from '../../../../lib/class-names';
import { COLUMNS, type Column } from './columns';
import { SortHeader } from './sort-header';

interface BookingsTableProps {
  items: readonly Booking[];
  sorting: Sorting;
  onSort: (column: Column) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number, selected: boolean) => void;
  /** The header's checkbox: every selectable row of the page, or none. */
  onTogglePage: (selected: boolean) => void;
  /** Admins select any row; suppliers only rows not exported yet (spec section 2; POLICIES). */
  isSelectable: (booking: Booking) => boolean;
}

export const editPath = (id: number) => `/transactions/edit?id=${id}`;

/** The bookings of one page. Each row opens the booking's edit form. */
export function BookingsTable({
  items,
  sorting,
  onSort,
  selected,
  onToggle,
  onTogglePage,
  isSelectable,
}: BookingsTableProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  // The edit form's "back" link returns to this page, filter and sorting.
  const linkState = { listSearch: search };

  // A click anywhere on a row opens it, except on the controls inside the row.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: number) => {
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(editPath(id), { state: linkState });
  };

  return (
    <div className="table-wrapper bookings-table">
      <table className="data-table">
        <colgroup>
          <col className="col--select" />
          {COLUMNS.map((column) => (
            <col key={column.key} className={`col--${column.key}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="cell--select">
              <PageCheckbox
                selectable={items.filter(isSelectable).length}
                selected={items.filter((booking) => selected.has(booking.id)).length}
                onChange={onTogglePage}
              />
            </th>
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column} sorting={sorting} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((booking) => {
            const isSelected = selected.has(booking.id);
            return (
              <tr
                key={booking.id}
                className={cx('row--link', isSelected && 'row--selected')}
                onClick={(event) => openRow(event, booking.id)}
              >
                <td className="cell--select">
                  {isSelectable(booking) && (
                    <input
                      type="checkbox"
                      checked={isSelected}
                      onChange={(event) => onToggle(booking.id, event.target.checked)}
                      aria-label={L.selectRow(booking.invoiceNumber)}
                    />
                  )}
                </td>
                {COLUMNS.map((column) => (
                  <td
                    key={column.key}
                    className={cx(column.className, `col--${column.key}`)}
                    data-label={column.label}
                    title={column.title?.(booking)}
                  >
                    {column.isLink ? (
                      <Link to={editPath(booking.id)} state={linkState}>
                        {column.render(booking)}
                      </Link>
                    ) : column.clamp ? (
                      <span className="cell__clamp">{column.render(booking)}</span>
                    ) : (
                      column.render(booking)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {items.length === 0 && <p className="table-empty">{L.empty}</p>}
    </div>
  );
}

/**
 * The header's checkbox, as its label says: every selectable row of this page (ticked), some of them
 * (mixed) or none. Without rows to select there is nothing to tick.
 */
function PageCheckbox({
  selectable,
  selected,
  onChange,
}: {
  selectable: number;
  selected: number;
  onChange: (selected: boolean) => void;
}) {
  if (selectable === 0) return null;
  const all = selected >= selectable;
  return (
    <input
      type="checkbox"
      aria-label={L.selectPage}
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = selected > 0 && !all;
      }}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
