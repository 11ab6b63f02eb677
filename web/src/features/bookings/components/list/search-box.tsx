import { useState } from 'react';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { SearchField } from '../../../../components/ui/search-field';

/**
 * The list's search. The text applies on Enter or when the box is left (spec section 9), not on every
 * keystroke; a search changed from outside (back button) replaces the text.
 */
export function SearchBox({ value, onApply }: { value: string; onApply: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };

  return (
    <div className="list-search">
      <SearchField
        id="bookings-search"
        label={L.search}
        hint={L.searchHint}
        className="list-search__input"
        enterKeyHint="search"
        placeholder={L.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        onBlur={apply}
      />
    </div>
  );
}
