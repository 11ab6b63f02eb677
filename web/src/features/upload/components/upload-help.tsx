import { useId } from 'react';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { bookingScope, type Actor } from '@lp/domain/policies';
import {
  isUploadColumnRequired,
  UPLOAD_COLUMNS,
  UPLOAD_HELP,
  type UploadColumn,
} from '@lp/domain/upload-columns';

export interface UploadHelpProps {
  /** Which columns are required depends on the user; a supplier's creditor is its column's example. */
  user: Actor;
}

/** How the file must look: the general rules and every column, from the domain's one list. */
export function UploadHelp({ user }: UploadHelpProps) {
  const headingId = useId();
  return (
    <section className="card upload-help" aria-labelledby={headingId}>
      <h2 id={headingId}>{L.helpHeading}</h2>
      <ul className="upload-help__rules">
        {UPLOAD_HELP.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3>{L.columnsHeading}</h3>
      <dl className="upload-columns">
        {UPLOAD_COLUMNS.map((column) => (
          <div className="upload-columns__item" key={column.key}>
            <dt>
              <code className="upload-columns__header">{column.header}</code>{' '}
              <span
                className={`upload-columns__badge upload-columns__badge--${isUploadColumnRequired(column, user) ? 'required' : 'optional'}`}
              >
                {isUploadColumnRequired(column, user) ? L.required : L.optional}
              </span>
            </dt>
            <dd>
              {column.help}{' '}
              <span className="upload-columns__example">
                {L.example} <code>{example(column, user)}</code>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A supplier's own creditor is the example of its column. */
function example(column: UploadColumn, user: Actor): string {
  const scope = bookingScope(user);
  if (column.key === 'creditorNumber' && !scope.allCreditors && scope.creditorNumber) {
    return String(scope.creditorNumber);
  }
  return column.example;
}
