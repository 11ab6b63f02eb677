import type { InputHTMLAttributes } from 'react';
import { SEARCH_MAX_LENGTH } from '@lp/domain/limits';
import { cx } from '../../lib/class-names';

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string;
  /** What screen readers hear; sighted users read the placeholder. */
  label: string;
  /** A line under the box saying what it searches, read as the box's description. */
  hint?: string;
}

/**
 * A search box of a list: a search input under a label for screen readers, bounded as the server's
 * searches are (SEARCH_MAX_LENGTH). The bookings list, the master-data lists and the reporting status
 * use it; each decides when the text applies.
 */
export function SearchField({ id, label, hint, className, ...input }: SearchFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={cx('input', className)}
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="search-field__hint">
          {hint}
        </p>
      )}
    </>
  );
}
