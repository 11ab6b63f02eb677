import { useCallback, useState } from 'react';
import { REPAIR_LABELS as L } from '@lp/domain/labels';
import type { UploadSheetRow } from '@lp/domain/upload-sheet';
import {
  cellKey,
  countSameValue,
  replaceInColumn,
  setCell,
  toUploadRows,
  type RepairColumn,
} from '../utils/repair-rows';

/** A correction that could go to every other row holding the same value in that column. */
export interface ApplyOffer {
  header: string;
  from: string;
  to: string;
  count: number;
}

interface RepairRowsState {
  rows: UploadSheetRow[];
  edited: ReadonlySet<string>;
  offer: ApplyOffer | null;
  notice: string | null;
}

/**
 * The rows being corrected: a cell's correction, offered for every other cell of its column with the
 * same old value ("Der Debitor 99999 existiert nicht – Zeilen 12–61": one correction, 50 rows), and
 * which cells changed since the last check.
 */
export function useRepairRows(initial: readonly UploadSheetRow[]) {
  const [state, setState] = useState<RepairRowsState>(() => ({
    rows: initial.slice(),
    edited: new Set(),
    offer: null,
    notice: null,
  }));

  const commit = useCallback((index: number, header: string, value: string) => {
    setState((s) => {
      const row = s.rows[index]!;
      const from = row.values[header] ?? '';
      const count = countSameValue(s.rows, header, from, index);
      const edited = new Set(s.edited).add(cellKey(row.rowNumber, header));
      return {
        rows: setCell(s.rows, index, header, value),
        edited,
        offer: count > 0 ? { header, from, to: value, count } : null,
        notice: null,
      };
    });
  }, []);

  const applyOffer = useCallback(() => {
    setState((s) => {
      if (!s.offer) return s;
      const { header, from, to } = s.offer;
      const { rows, changed } = replaceInColumn(s.rows, header, from, to);
      const edited = new Set(s.edited);
      for (const rowNumber of changed) edited.add(cellKey(rowNumber, header));
      return { rows, edited, offer: null, notice: L.applyToAllDone(changed.length) };
    });
  }, []);

  const dismissOffer = useCallback(() => setState((s) => ({ ...s, offer: null })), []);

  /** A check answered: its messages are about the rows as they are now. */
  const checked = useCallback(
    () => setState((s) => ({ ...s, edited: new Set(), offer: null, notice: null })),
    [],
  );

  const uploadRows = (columns: readonly RepairColumn[]) => toUploadRows(state.rows, columns);

  return { ...state, commit, applyOffer, dismissOffer, checked, uploadRows };
}
