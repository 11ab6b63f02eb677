import { useId } from 'react';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { UPLOAD_COLUMNS, UPLOAD_HELP, type UploadColumn } from '@lp/domain/upload-columns';

export interface UploadHelpProps {
  isAdmin: boolean;
  /** A supplier's own creditor number, shown as the example of its column. */
  creditorNumber: number | null;
}

/** How the file must look: the general rules and every column, from the domain's one list. */
export function UploadHelp({ isAdmin, creditorNumber }: UploadHelpProps) {
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
                className={`upload-columns__badge upload-columns__badge--${isRequired(column, isAdmin) ? 'required' : 'optional'}`}
              >
                {isRequired(column, isAdmin) ? L.required : L.optional}
              </span>
            </dt>
            <dd>
              {column.help}{' '}
              <span className="upload-columns__example">
                {L.example} <code>{example(column, isAdmin, creditorNumber)}</code>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function isRequired(column: UploadColumn, isAdmin: boolean): boolean {
  return column.requirement === 'required' || (column.requirement === 'requiredForAdmins' && isAdmin);
}

function example(column: UploadColumn, isAdmin: boolean, creditorNumber: number | null): string {
  if (column.key === 'creditorNumber' && !isAdmin && creditorNumber) return String(creditorNumber);
  return column.example;
}
