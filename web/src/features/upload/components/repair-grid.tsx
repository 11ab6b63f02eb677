import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { REPAIR_LABELS as L } from '@lp/domain/labels';
import type { UploadSheetRow } from '@lp/domain/upload-sheet';
import { cx } from '../../../lib/class-names';
import { cellKey, type PlacedMessages, type RepairColumn } from '../utils/repair-rows';

/** Fixed row height (px, as in repair-grid's CSS): the virtualiser places rows without measuring them. */
export const REPAIR_ROW_HEIGHT = 36;

export interface RepairGridProps {
  rows: readonly UploadSheetRow[];
  columns: readonly RepairColumn[];
  placed: PlacedMessages;
  /** Cells changed since the last check (cellKey): their old message no longer applies. */
  edited: ReadonlySet<string>;
  /** Indices into rows of the rows shown, in order. */
  shown: readonly number[];
  onCommit: (index: number, header: string, value: string) => void;
  /** A cell to scroll to and focus (index into rows, column position), e.g. from the grouped messages. */
  jumpTo?: { index: number; col: number | null; seq: number } | null;
}

interface Active {
  /** Position among the shown rows. */
  row: number;
  col: number;
}

/**
 * The file's rows as an editable, virtualised grid (WAI-ARIA grid pattern): one cell holds the tab
 * stop, the arrow keys move it, Enter or F2 (or typing) edits, Enter or Tab keeps the change,
 * Escape drops it. Only the rows in view are in the DOM, so 20,000 rows scroll as 20 do. Positions
 * are set through the style object (CSSOM), which the CSP (style-src 'self') allows.
 */
export function RepairGrid({ rows, columns, placed, edited, shown, onCommit, jumpTo }: RepairGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The tab stop starts on the first faulty cell: its message shows above the table at once.
  const [active, setActive] = useState<Active>(() => firstFaultyCell(rows, columns, placed, shown));
  const [editing, setEditingState] = useState<{ value: string } | null>(null);
  // The editor's blur after Enter, Tab or Escape must not commit a second time.
  const editorOpen = useRef(false);
  const setEditing = (next: { value: string } | null) => {
    editorOpen.current = next !== null;
    setEditingState(next);
  };
  // Focus follows the active cell only after the user moved it (not on the first render).
  const focusPending = useRef(false);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => REPAIR_ROW_HEIGHT,
    overscan: 8,
  });

  const activeRow = Math.min(active.row, Math.max(0, shown.length - 1));
  const activeCol = Math.min(active.col, Math.max(0, columns.length - 1));

  useEffect(() => {
    if (!focusPending.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${activeRow}:${activeCol}"]`);
    if (cell && !editing) {
      focusPending.current = false;
      cell.focus({ preventScroll: true });
      // Sideways into view too, clear of the pinned columns (the grid's scroll-padding).
      cell.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    }
  });

  useEffect(() => {
    if (!jumpTo) return;
    const position = shown.indexOf(jumpTo.index);
    if (position < 0) return;
    moveTo(position, jumpTo.col ?? activeCol);
    // Only a new jump moves the grid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpTo]);

  function moveTo(row: number, col: number) {
    const r = Math.max(0, Math.min(shown.length - 1, row));
    const c = Math.max(0, Math.min(columns.length - 1, col));
    setActive({ row: r, col: c });
    virtualizer.scrollToIndex(r, { align: 'auto' });
    focusPending.current = true;
  }

  function commit(value: string) {
    if (!editorOpen.current && editing) return;
    const index = shown[activeRow];
    const header = columns[activeCol]?.header;
    setEditing(null);
    focusPending.current = true;
    if (index === undefined || header === undefined) return;
    if ((rows[index]!.values[header] ?? '') !== value) onCommit(index, header, value);
  }

  function onCellKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 360) / REPAIR_ROW_HEIGHT) - 1);
    const moves: Record<string, [number, number]> = {
      ArrowDown: [activeRow + 1, activeCol],
      ArrowUp: [activeRow - 1, activeCol],
      ArrowRight: [activeRow, activeCol + 1],
      ArrowLeft: [activeRow, activeCol - 1],
      PageDown: [activeRow + page, activeCol],
      PageUp: [activeRow - page, activeCol],
      Home: event.ctrlKey ? [0, 0] : [activeRow, 0],
      End: event.ctrlKey ? [shown.length - 1, columns.length - 1] : [activeRow, columns.length - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move[0], move[1]);
      return;
    }
    const current = currentValue();
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      setEditing({ value: current });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      commit('');
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing replaces the cell, as in a spreadsheet.
      event.preventDefault();
      setEditing({ value: event.key });
    }
  }

  function currentValue(): string {
    const index = shown[activeRow];
    const header = columns[activeCol]?.header;
    return index === undefined || header === undefined ? '' : (rows[index]!.values[header] ?? '');
  }

  function onEditorKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value);
      moveTo(activeRow + 1, activeCol);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      commit(event.currentTarget.value);
      moveTo(activeRow, activeCol + (event.shiftKey ? -1 : 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
      focusPending.current = true;
    }
  }

  const activeIndex = shown[activeRow];
  const activeHeader = columns[activeCol]?.header;
  const activeRowNumber = activeIndex === undefined ? undefined : rows[activeIndex]?.rowNumber;
  const activeKey =
    activeRowNumber === undefined || activeHeader === undefined ? '' : cellKey(activeRowNumber, activeHeader);
  const activeMessages = edited.has(activeKey) ? undefined : placed.cells.get(activeKey);

  const template = `var(--repair-row-number-width) repeat(${columns.length}, var(--repair-cell-width)) var(--repair-messages-width)`;

  return (
    <>
      {/* The message of the cell in use, in words beside the table (screen readers hear it with the cell). */}
      <p className="repair__active-message" aria-hidden="true">
        {activeMessages && `${L.rowNumber} ${activeRowNumber} – ${activeHeader}: ${activeMessages.join(' ')}`}
      </p>
      <div
        ref={scrollRef}
        className="repair-grid"
        role="grid"
        aria-label={L.grid}
        aria-rowcount={shown.length + 1}
        aria-colcount={columns.length + 2}
      >
        <div
          className="repair-grid__row repair-grid__row--head"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: template }}
        >
          <div className="repair-grid__head" role="columnheader">
            {L.rowNumber}
          </div>
          {columns.map(({ header, column }) => (
            <div key={header} className="repair-grid__head" role="columnheader" title={header}>
              <span className="repair-grid__head-name">{header}</span>
              {column && column.header !== header && (
                <span className="repair-grid__head-column">{column.header}</span>
              )}
            </div>
          ))}
          <div className="repair-grid__head" role="columnheader">
            {L.messages}
          </div>
        </div>
        <div className="repair-grid__body" style={{ height: virtualizer.getTotalSize() }} role="rowgroup">
          {virtualizer.getVirtualItems().map((item) => {
            const index = shown[item.index]!;
            const row = rows[index]!;
            const rowMessages = placed.rows.get(row.rowNumber);
            return (
              <div
                key={row.rowNumber}
                className={cx('repair-grid__row', rowMessages && 'repair-grid__row--faulty')}
                role="row"
                aria-rowindex={item.index + 2}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
              >
                <div className="repair-grid__number" role="rowheader">
                  {row.rowNumber}
                </div>
                {columns.map(({ header }, col) => {
                  const key = cellKey(row.rowNumber, header);
                  const changed = edited.has(key);
                  const messages = changed ? undefined : placed.cells.get(key);
                  const isActive = item.index === activeRow && col === activeCol;
                  const value = row.values[header] ?? '';
                  return (
                    <div
                      key={header}
                      data-cell={`${item.index}:${col}`}
                      role="gridcell"
                      tabIndex={isActive && !editing ? 0 : -1}
                      aria-invalid={messages ? true : undefined}
                      aria-label={messages ? `${header}: ${value} – ${messages.join(' ')}` : undefined}
                      title={messages?.join('\n')}
                      className={cx(
                        'repair-grid__cell',
                        messages && 'repair-grid__cell--error',
                        changed && 'repair-grid__cell--edited',
                        isActive && 'repair-grid__cell--active',
                      )}
                      onClick={() => moveTo(item.index, col)}
                      onDoubleClick={() => setEditing({ value })}
                      onKeyDown={onCellKeyDown}
                    >
                      {isActive && editing ? (
                        <input
                          className="repair-grid__editor"
                          aria-label={L.editCell(header, row.rowNumber)}
                          defaultValue={editing.value}
                          // The editor opens where the user is working: taking the focus is expected.
                          autoFocus
                          onKeyDown={onEditorKeyDown}
                          onBlur={(event) => commit(event.currentTarget.value)}
                        />
                      ) : (
                        value
                      )}
                    </div>
                  );
                })}
                <div className="repair-grid__messages" role="gridcell" title={rowMessages?.join('\n')}>
                  {rowMessages?.join(' · ')}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

function firstFaultyCell(
  rows: readonly UploadSheetRow[],
  columns: readonly RepairColumn[],
  placed: PlacedMessages,
  shown: readonly number[],
): Active {
  if (placed.cells.size === 0) return { row: 0, col: 0 };
  for (let row = 0; row < shown.length; row += 1) {
    const rowNumber = rows[shown[row]!]!.rowNumber;
    const col = columns.findIndex(({ header }) => placed.cells.has(cellKey(rowNumber, header)));
    if (col >= 0) return { row, col };
  }
  return { row: 0, col: 0 };
}
