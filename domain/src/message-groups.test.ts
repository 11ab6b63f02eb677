import { describe, expect, it } from 'vitest';
import { formatRowRanges, groupedForScreen, groupMessages, rowsLabel } from './message-groups';

describe('message groups', () => {
  it('joins consecutive rows into ranges', () => {
    expect(formatRowRanges([12, 13, 14, 61])).toBe('12–14, 61');
    expect(formatRowRanges([3, 5, 7, 8, 9])).toBe('3, 5, 7–9');
    expect(formatRowRanges([4])).toBe('4');
    expect(rowsLabel([4])).toBe('Zeile 4');
    expect(rowsLabel([4, 5])).toBe('Zeilen 4–5');
    expect(rowsLabel(Array.from({ length: 1500 }, (_, i) => i + 2))).toBe('Zeilen 2–1501 (1.500 Zeilen)');
  });

  it('groups by field and message in the order of first appearance, file messages apart', () => {
    const groups = groupMessages([
      { property: 'Debitornummer', message: 'A', rowNumber: 5 },
      { property: '', message: 'Datei' },
      { property: 'Lieferort', message: 'A', rowNumber: 2 },
      { property: 'Debitornummer', message: 'A', rowNumber: 3 },
    ]);
    expect(groups).toEqual([
      { property: 'Debitornummer', message: 'A', rowNumbers: [3, 5] },
      { property: '', message: 'Datei', rowNumbers: [] },
      { property: 'Lieferort', message: 'A', rowNumbers: [2] },
    ]);
  });

  it('shows one row as before and several rows after the message', () => {
    const inactive = 'Der Debitor 99999 existiert nicht.';
    const shown = groupedForScreen([
      ...Array.from({ length: 50 }, (_, i) => ({
        property: 'Debitornummer',
        message: inactive,
        rowNumber: 12 + i,
      })),
      { property: 'Nettobetrag', message: 'Pflichtfeld', rowNumber: 7 },
    ]);
    expect(shown).toEqual([
      { property: 'Debitornummer', message: `${inactive} – Zeilen 12–61 (50 Zeilen)` },
      { property: 'Nettobetrag', message: 'Pflichtfeld', rowNumber: 7 },
    ]);
  });
});
