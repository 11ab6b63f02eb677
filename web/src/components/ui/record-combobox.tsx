import {
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ContextType,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components/ComboBox';
import { NAV_LABELS, UI_LABELS } from '@lp/domain/labels';
import { cx } from '../../lib/class-names';
import { CurrentUserContext } from '../../lib/current-user';
import { readRecentChoices, recentFirst, rememberRecentChoice } from '../../lib/recent-choices';
import { matchesQuery } from '../../lib/record-search';
import '../../lib/react-aria-csp';

/** A record to choose: its business number, 'number – name' and, e.g. for debitors, 'street, city'. */
export interface RecordOption {
  value: number;
  label: string;
  detail?: string;
}

export interface RecordComboboxProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  options: readonly RecordOption[];
  /** Shown in the empty field: 'Bitte auswählen', or e.g. 'Alle' in a filter. */
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Remembers the user's recent choices under this kind ('debitor', …) and lists them first. */
  recentKind?: string;
  /** react-hook-form's field ref: focuses the input on a validation error. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The searchable picker of debitors, articles and creditors (react-aria's combobox: typing filters,
 * arrows move, Enter chooses, Escape closes; screen readers hear it as a combobox). Every word typed
 * must match the number, name or second line (record-search.ts); the user's recent choices come
 * first. Controlled by business number (null = nothing chosen), so it works with react-hook-form's
 * Controller; the label is the FormField's (<label for=id> plus aria-labelledby).
 */
export function RecordCombobox({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  'aria-required': ariaRequired,
  value,
  onChange,
  onBlur,
  options,
  placeholder = UI_LABELS.selectPlaceholder,
  invalid,
  disabled,
  recentKind,
  ref,
}: RecordComboboxProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  // The form's ref (focus on a validation error) and our own (the open button focuses the input).
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      inputRef.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  // The text is controlled so a stored value shows as soon as its option arrives (the requests
  // answer in any order) and a reset of the form (value null) empties it.
  const selected = options.find((option) => option.value === value);
  const selectedLabel = selected?.label ?? '';
  // The chosen record's second line stays in view: it tells four "Stadtverwaltung Hanau" apart after
  // the choice as it did in the list.
  const chosenDetailId = `${id}-chosen`;
  const chosenDetail = selected?.detail;
  // Text the user left in the field that names no single record: how many records it matches. The
  // text stays (emptying it lost the typing and left only "Pflichtfeld"), nothing is chosen, and a
  // line under the field says why; typing or choosing clears it.
  const [unresolvedMatches, setUnresolvedMatches] = useState<number | null>(null);
  const unresolvedId = `${id}-unresolved`;
  const [inputValue, setInputValue] = useState(selectedLabel);
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  if (shownLabel !== selectedLabel) {
    setShownLabel(selectedLabel);
    setInputValue(selectedLabel);
    // A value set from outside (a reset, the URL) replaces text left unresolved, and its note.
    setUnresolvedMatches(null);
  }
  const userId = useContext(CurrentUserContext)?.id ?? null;
  // Read once per mount: the list must not reorder while the user moves through it.
  const [recent] = useState(() => (recentKind ? readRecentChoices(recentKind, userId) : []));
  const items = useMemo(() => recentFirst(options, recent), [options, recent]);
  // The open list, whose data-placement names the side of the field react-aria put it on, and the
  // side it is kept on from the first typed character until it closes. Left to react-aria, a long
  // list opened above a field low in the window jumped below the field once the text had filtered it
  // short enough to fit there: away from where the user looks, and from under a pointer about to click
  // an option. Not fixed at opening: react-aria places the list before its options are measured, and
  // only a moment later on the side the full list needs.
  const popoverRef = useRef<HTMLElement | null>(null);
  const [keptSide, setKeptSide] = useState<ListSide | null>(null);
  // The filter sees an item's label (its textValue); the second line is searched through this map.
  const searchText = useMemo(
    () => new Map(options.map((option) => [option.label, `${option.label} ${option.detail ?? ''}`])),
    [options],
  );
  const matchesOf = (query: string) =>
    options.filter((option) => matchesQuery(searchText.get(option.label)!, query));
  /** The record typed text names: the one of that number (001000 is 1000), else the only match. */
  const namedRecord = (text: string): number | undefined => {
    const query = text.trim();
    if (query === '') return undefined;
    const typedNumber = /^\d+$/.test(query) ? Number(query) : null;
    if (options.some((option) => option.value === typedNumber)) return typedNumber!;
    const matches = matchesOf(query);
    return matches.length === 1 ? matches[0]!.value : undefined;
  };
  // The combobox's state, kept by FieldKeys: which option the list marks when a choice is committed.
  const stateRef = useRef<ComboState | null>(null);
  // Set by Escape (react-aria then puts the previous choice back), cleared by any other key or text.
  const escaping = useRef(false);
  // The ARIA combobox's list autocomplete: while the user types, the first match (or the record the
  // text names, e.g. by its number) is marked, and Enter chooses it. Only typed text marks one:
  // a list opened by focus or by the chevron marks nothing, so the first arrow key goes to the first.
  const [typed, setTyped] = useState(false);
  const autoMarked = useRef<number | null>(null);
  // Set by Enter, so that the choice handler can tell Enter from leaving the field.
  const entering = useRef(false);
  /** Chooses a record as the list's own choice does: its label in the field, remembered as recent. */
  const choose = (next: number | null) => {
    setUnresolvedMatches(null);
    setInputValue(options.find((option) => option.value === next)?.label ?? '');
    if (next !== null && recentKind) rememberRecentChoice(recentKind, userId, next);
    if (next !== value) onChange(next);
  };
  /**
   * Leaving the field (Tab, a click elsewhere) with text that names no record and no option marked:
   * the text stays and nothing is chosen. Returns false where the text is the chosen record's own
   * label or there is no text, which the usual choice handles.
   */
  const leaveUnresolved = (): boolean => {
    const text = inputValue.trim();
    if (text === '' || inputValue === selectedLabel) return false;
    // Keeps the sync below from emptying the text once the parent has taken the null.
    setShownLabel('');
    setUnresolvedMatches(matchesOf(text).length);
    if (value !== null) onChange(null);
    return true;
  };
  /**
   * Enter with the list open and no option marked: react-aria would commit the previous choice, which
   * emptied text that matched several records ("Stadt", 48 hits) and, for text that names one record,
   * chose it but left the list open over the fields below. Here the record the text names is chosen
   * (the list closes as on any choice), and other text stays, with its list to choose from.
   */
  const onFieldKeyDown = (event: KeyboardEvent, state: ComboState | null) => {
    escaping.current = event.key === 'Escape';
    entering.current = event.key === 'Enter';
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') autoMarked.current = null;
    // Tab leaves the field: an option only the typing marked is not a choice (decision 0048 keeps
    // text of several matches, and chooses nothing, when the user moves on).
    if (
      event.key === 'Tab' &&
      state &&
      autoMarked.current !== null &&
      state.selectionManager.focusedKey === autoMarked.current
    ) {
      state.selectionManager.setFocusedKey(null);
    }
    if (event.key !== 'Enter' || !state?.isOpen || state.selectionManager.focusedKey !== null) return;
    if (inputValue.trim() === '') return;
    event.preventDefault();
    event.stopPropagation();
    const named = namedRecord(inputValue);
    if (named !== undefined) choose(named);
  };

  return (
    <ComboBox
      id={id}
      className="record-combobox"
      aria-labelledby={`${id}-label`}
      aria-describedby={
        [chosenDetail && chosenDetailId, unresolvedMatches !== null && unresolvedId, describedBy]
          .filter(Boolean)
          .join(' ') || undefined
      }
      isInvalid={Boolean(invalid || ariaInvalid)}
      isRequired={Boolean(ariaRequired)}
      validationBehavior="aria"
      isDisabled={disabled}
      defaultItems={items}
      defaultFilter={(text, query) => matchesQuery(searchText.get(text) ?? text, query)}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        setTyped(text.trim() !== '');
        setUnresolvedMatches(null);
        escaping.current = false;
        const placed = popoverRef.current?.dataset.placement;
        if (placed === 'top' || placed === 'bottom') setKeptSide(placed);
        // Emptying the field chooses nothing (in a filter: 'Alle').
        if (text === '' && value !== null) onChange(null);
      }}
      selectedKey={value}
      onSelectionChange={(key) => {
        let next = key === null ? null : Number(key);
        // react-aria calls this with the chosen record also to put its text back, when Enter, Tab or
        // leaving the field finds no option marked in the list. Typed text that names one record
        // (its number, or the only match) chooses that record then, as the spec's number fields did;
        // Escape still puts the previous choice back.
        // Text that names no single record stays, unless an option is marked (the current choice
        // clicked or chosen by Enter again).
        const byEnter = entering.current;
        entering.current = false;
        if (next === value && !escaping.current) {
          const named = namedRecord(inputValue);
          const focused = stateRef.current?.selectionManager.focusedKey ?? null;
          // An option only the typing marked counts as marked for Enter, not when the field is
          // left (decision 0082).
          const marked = focused !== null && (byEnter || focused !== autoMarked.current) ? focused : null;
          if (named === undefined && marked === null && leaveUnresolved()) return;
          next = named ?? next;
        }
        // With text and selection both controlled, react-aria leaves the text to us: a choice, Escape
        // and leaving the field all show the chosen record's label (or nothing).
        choose(next);
      }}
      onBlur={onBlur}
      // Back in a field whose text was left unresolved, the list shows what the text matches, not
      // every record as a focus otherwise opens it.
      onFocus={() => {
        if (unresolvedMatches !== null) stateRef.current?.open(null, 'input');
      }}
      onOpenChange={() => {
        setKeptSide(null);
        setTyped(false);
      }}
      menuTrigger={unresolvedMatches === null ? 'focus' : 'input'}
      allowsEmptyCollection
    >
      <FieldKeys
        className={cx(
          'record-combobox__field',
          (invalid || ariaInvalid) && 'record-combobox__field--invalid',
        )}
        onKeyDown={onFieldKeyDown}
        stateRef={stateRef}
        markFirst={typed ? (namedRecord(inputValue) ?? null) : undefined}
        autoMarked={autoMarked}
      >
        <Input
          ref={setInput}
          className="input record-combobox__input"
          placeholder={options.length === 0 ? NAV_LABELS.emptyList : placeholder}
        />
        <OpenButton inputRef={inputRef} />
      </FieldKeys>
      {chosenDetail && (
        <span id={chosenDetailId} className="record-combobox__chosen">
          {chosenDetail}
        </span>
      )}
      {unresolvedMatches !== null && (
        <span id={unresolvedId} className="record-combobox__unresolved">
          {unresolvedMatches === 0
            ? UI_LABELS.comboboxNoMatch
            : UI_LABELS.comboboxSeveralMatches(unresolvedMatches)}
        </span>
      )}
      <Popover
        className="record-combobox__popover"
        offset={2}
        placement={keptSide ?? 'bottom'}
        shouldFlip={keptSide === null}
        ref={popoverRef}
      >
        <ListBox<RecordOption>
          className="record-combobox__list"
          renderEmptyState={() => <p className="record-combobox__empty">{NAV_LABELS.emptyList}</p>}
        >
          {(option) => (
            // Label and detail both name the option (no label/description slots): the detail (street,
            // city) is what tells four "Stadtverwaltung Hanau" apart, and a name that covers all the
            // visible text is what speech input users say (WCAG 2.5.3, axe label-content-name-mismatch).
            <ListBoxItem id={option.value} textValue={option.label} className="record-combobox__option">
              <span className="record-combobox__label">{option.label}</span>
              {option.detail && <span className="record-combobox__detail"> {option.detail}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

type ListSide = 'top' | 'bottom';
/** react-aria's state of the combobox, as its context gives it. */
type ComboState = NonNullable<ContextType<typeof ComboBoxStateContext>>;

/**
 * The field's frame; it sees each key before react-aria does, with the combobox's state, and keeps
 * that state where the picker's choice handler can read it.
 */
function FieldKeys({
  className,
  onKeyDown,
  stateRef,
  markFirst,
  autoMarked,
  children,
}: {
  className: string;
  onKeyDown: (event: KeyboardEvent, state: ComboState | null) => void;
  stateRef: RefObject<ComboState | null>;
  /** Undefined: mark nothing. Else the text was typed: mark this record if listed, or the first. */
  markFirst: number | null | undefined;
  /** The option this marked, so that Tab can tell it from one the user marked with the arrows. */
  autoMarked: RefObject<number | null>;
  children: ReactNode;
}) {
  const state = useContext(ComboBoxStateContext);
  stateRef.current = state;
  const isOpen = state?.isOpen ?? false;
  const collection = state?.collection;
  const manager = state?.selectionManager;
  // Marks once per typed text and filtered list: an arrow key the user pressed since stays.
  const markedFor = useRef<{ markFirst: number | null; collection: unknown } | null>(null);
  useEffect(() => {
    if (markFirst === undefined || !isOpen || !collection || !manager) {
      markedFor.current = null;
      return;
    }
    const last = markedFor.current;
    if (last && last.markFirst === markFirst && last.collection === collection) return;
    markedFor.current = { markFirst, collection };
    const key = markFirst !== null && collection.getItem(markFirst) ? markFirst : collection.getFirstKey();
    const next = key === null || key === undefined ? null : Number(key);
    autoMarked.current = next;
    // After this commit's effects: react-aria's own (in the ComboBox, which runs after this child's)
    // clears the marked option whenever the text changes (react-spectrum issues #5286, #8007).
    queueMicrotask(() => {
      if (manager.focusedKey !== next) manager.setFocusedKey(next);
    });
  }, [markFirst, isOpen, collection, manager, autoMarked]);
  return (
    <div className={className} onKeyDownCapture={(event) => onKeyDown(event, state)}>
      {children}
    </div>
  );
}

/**
 * The chevron for the mouse: focuses the input, which opens the list. Not a react-aria Button on
 * purpose: that one is labelled by the field's label too, and the input already is the one control
 * keyboard and screen-reader users need, so this stays out of the tab order and the a11y tree.
 */
function OpenButton({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const state = useContext(ComboBoxStateContext);
  return (
    <button
      type="button"
      className="record-combobox__button"
      tabIndex={-1}
      aria-hidden="true"
      title={UI_LABELS.comboboxShowAll}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        inputRef.current?.focus();
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
    >
      <span className="record-combobox__chevron" />
    </button>
  );
}
