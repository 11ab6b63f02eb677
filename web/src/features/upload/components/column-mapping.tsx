import { useId, useState } from 'react';
import { REPAIR_LABELS as L } from '@lp/domain/labels';
import type { Actor } from '@lp/domain/policies';
import { UPLOAD_COLUMNS, type UploadColumnKey } from '@lp/domain/upload-columns';
import type { ColumnMapping, UploadSheetRow } from '@lp/domain/upload-sheet';
import { columnMappedTwice, missingColumns } from '../utils/repair-rows';

export interface ColumnMappingFormProps {
  headers: readonly string[];
  firstRow: UploadSheetRow | undefined;
  initial: ColumnMapping;
  user: Actor;
  busy: boolean;
  onApply: (mapping: ColumnMapping) => void;
}

/**
 * Which column of the file holds what, when its headers are not (all) the upload's own: one choice
 * per file column, as the importers people like (Flatfile, react-spreadsheet-import) ask it.
 */
export function ColumnMappingForm({
  headers,
  firstRow,
  initial,
  user,
  busy,
  onApply,
}: ColumnMappingFormProps) {
  const [mapping, setMapping] = useState<ColumnMapping>(initial);
  const id = useId();
  const missing = missingColumns(mapping, user);
  const twice = columnMappedTwice(mapping);

  const choose = (header: string, key: string) => {
    // Object.entries/fromEntries: a header such as '__proto__' is a key like any other.
    const rest = Object.entries(mapping).filter(([h]) => h !== header);
    setMapping(Object.fromEntries(key ? [...rest, [header, key as UploadColumnKey]] : rest));
  };

  return (
    <section className="column-mapping" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{L.mappingHeading}</h3>
      <p>{L.mappingIntro}</p>
      <div className="column-mapping__table-wrap">
        <table className="column-mapping__table">
          <thead>
            <tr>
              <th scope="col">{L.mappingFileColumn}</th>
              <th scope="col" className="column-mapping__example">
                {L.mappingExample}
              </th>
              <th scope="col">{L.mappingTarget}</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header, index) => (
              <tr key={header}>
                <th scope="row">
                  <label htmlFor={`${id}-${index}`}>{header}</label>
                  <span className="column-mapping__example-inline" aria-hidden="true">
                    {firstRow?.values[header] ?? ''}
                  </span>
                </th>
                <td className="column-mapping__example">{firstRow?.values[header] ?? ''}</td>
                <td>
                  <select
                    id={`${id}-${index}`}
                    className="input"
                    value={Object.hasOwn(mapping, header) ? mapping[header] : ''}
                    onChange={(event) => choose(header, event.target.value)}
                  >
                    <option value="">{L.mappingIgnore}</option>
                    {UPLOAD_COLUMNS.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.header}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {missing.length > 0 && (
        <p className="column-mapping__problem" role="status">
          {L.mappingMissing(missing.map((c) => c.header).join(', '))}
        </p>
      )}
      {twice && (
        <p className="column-mapping__problem" role="status">
          {L.mappingTwice(twice.header)}
        </p>
      )}
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || missing.length > 0 || twice !== undefined}
          onClick={() => onApply(mapping)}
        >
          {L.mappingApply}
        </button>
      </div>
    </section>
  );
}
