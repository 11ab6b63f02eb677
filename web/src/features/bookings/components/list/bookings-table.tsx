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
              <span className="visually-hidden">{L.selectPage}</span>
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
