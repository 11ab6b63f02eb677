// An upload's messages grouped (issue 57.4): the same message on the same field in many rows is one
// line naming its rows ("Debitornummer: Der Debitor 99999 existiert nicht – Zeilen 12–61 (50 Zeilen)"),
// on screen and in the downloadable report. 800 lines for six inactive debitors become six.
import { UI_LABELS } from './labels';
import type { ValidationMessage } from './messages';

export interface MessageGroup {
  property: string;
  message: string;
  /** Ascending; empty for a message about the whole file. */
  rowNumbers: number[];
}

/** Groups by field and message, in the order of each group's first message. */
export function groupMessages(messages: readonly ValidationMessage[]): MessageGroup[] {
  const groups = new Map<string, MessageGroup>();
  const single: MessageGroup[] = [];
  const ordered: MessageGroup[] = [];
  for (const m of messages) {
    if (m.rowNumber === undefined) {
      const group = { property: m.property, message: m.message, rowNumbers: [] };
      single.push(group);
      ordered.push(group);
      continue;
    }
    const key = `${m.property}\u0000${m.message}`;
    let group = groups.get(key);
    if (!group) {
      group = { property: m.property, message: m.message, rowNumbers: [] };
      groups.set(key, group);
      ordered.push(group);
    }
    group.rowNumbers.push(m.rowNumber);
  }
  for (const group of groups.values()) group.rowNumbers.sort((a, b) => a - b);
  return ordered;
}

/** '12–61', '3, 5, 7–9': runs of consecutive rows joined by an en dash. */
export function formatRowRanges(rows: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1]! <= rows[j]! + 1) j += 1;
    parts.push(rows[i] === rows[j] ? String(rows[i]) : `${rows[i]}–${rows[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** 'Zeile 3', 'Zeilen 12–61 (50 Zeilen)'. */
export function rowsLabel(rows: readonly number[]): string {
  if (rows.length === 1) return UI_LABELS.row(rows[0]!);
  const ranges = formatRowRanges(rows);
  return rows.length > 2
    ? `${UI_LABELS.rows(ranges)} (${rows.length.toLocaleString('de-DE')} Zeilen)`
    : UI_LABELS.rows(ranges);
}

/**
 * The groups as the screen's message list shows them: a message of one row as before ('Zeile 3 –
 * Nettobetrag: …'), one of several rows with its rows after it.
 */
export function groupedForScreen(messages: readonly ValidationMessage[]): ValidationMessage[] {
  return groupMessages(messages).map((g) => {
    if (g.rowNumbers.length === 0) return { property: g.property, message: g.message };
    if (g.rowNumbers.length === 1)
      return { property: g.property, message: g.message, rowNumber: g.rowNumbers[0]! };
    return { property: g.property, message: `${g.message} – ${rowsLabel(g.rowNumbers)}` };
  });
}
