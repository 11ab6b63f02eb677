import { Link } from 'react-router';
import { MASTER_DATA_SCREEN_LABELS as MD, NAV_LABELS } from '@lp/domain/labels';
import { isReservedRecord } from '@lp/domain/reserved-records';
import { editPath, type Column, type RecordResource } from '../kinds/resource';

interface RecordTableProps<T> {
  resource: RecordResource<T>;
  columns: readonly Column<T>[];
  records: readonly T[];
  /** Names the table for screen readers (the list's heading). */
  labelledBy: string;
}

/** A master-data list: one row per record, its key column linking to the edit page. */
export function RecordTable<T>({ resource, columns, records, labelledBy }: RecordTableProps<T>) {
  return (
    <div className="table-wrapper">
      <table className="data-table record-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {NAV_LABELS.emptyList}
              </td>
            </tr>
          ) : (
            records.map((record) => {
              const key = resource.keyOf(record);
              return (
                <tr key={key}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.className}>
                      {column.link ? (
                        <>
                          <Link to={editPath(resource.path, key)}>{column.cell(record)}</Link>
                          {isReservedRecord(resource.path, key) && (
                            <span className="system-record-badge"> {MD.systemRecord}</span>
                          )}
                        </>
                      ) : (
                        column.cell(record)
                      )}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
