// The export's lines from COPY records (bookings.export-lines.ts): a record copied as it comes must be
// exactly what csvCell would write, and records split anywhere between two reads of the stream must
// come out the same.
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula } from '@lp/domain/csv';
import { CentSum } from '../../lib/decimal-sum';
import { CurrentLines, ExportLines, MAY_BE_GUARDED, scanCopyRecords } from './bookings.export-lines';

/** A COPY CSV record (';', quotes where PostgreSQL puts them, null as nothing) of an id and cells. */
function copyRecord(id: number, cells: (string | null)[]): string {
  const copyCell = (cell: string | null) =>
    cell === null ? '' : cell === '' || /[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return `${[String(id), ...cells.map(copyCell)].join(';')}\n`;
}

function cellsOf(i: number, overrides: Partial<Record<number, string | null>> = {}): (string | null)[] {
  const cells: (string | null)[] = [
    '01.03.2026',
    `R-${i}`,
    '10001',
    'Gemeinde Nord',
    'Rathaus',
    '1200',
    'Recyclingpapier',
    `${i},50`,
    null,
    '70001',
    'Lieferant GmbH',
    '02.03.2026',
    'einkauf@lieferant.example',
    i % 3 === 0 ? null : '03.03.2026',
  ];
  for (const [index, value] of Object.entries(overrides)) cells[Number(index)] = value ?? null;
  return cells;
}

const fileLine = (cells: (string | null)[]) => `${cells.map((c) => csvCell(c ?? '')).join(';')}\r\n`;

/**
 * Reads a copy of `records` split into pieces at `cuts`, as chunksOf does (ExportLines writes its
 * lines into the buffers it reads); the lines, open ids and net sum.
 */
function read(records: Buffer, cuts: number[]) {
  const copy = Buffer.from(records);
  const netSum = new CentSum();
  const lines = new ExportLines(netSum);
  let rest: Buffer | undefined;
  let from = 0;
  for (const to of [...cuts, copy.length]) {
    const data = rest ? Buffer.concat([rest, copy.subarray(from, to)]) : copy.subarray(from, to);
    const at = scanCopyRecords(data, 0, lines, Infinity);
    rest = at < data.length ? data.subarray(at) : undefined;
    from = to;
  }
  expect(rest).toBeUndefined();
  return { lines, netSum };
}

const TRICKY: Partial<Record<number, string | null>>[] = [
  {},
  { 3: '=Gemeinde; "Nord"' },
  { 4: 'Zeile 1\nZeile 2', 8: 'Rücklauf\r\nam Montag' },
  { 4: 'nur\rWagenrücklauf' },
  { 8: '@SUMME(A1)' },
  { 1: '-12,50', 7: '-1234,50' },
  { 7: '-3,05' }, // a credit note whose other cells are plain: copied as it comes, its net negative
  { 7: '-0,99' },
  { 4: '＝HYPERLINK("x")', 8: '-2+3' },
  { 4: '\tTabulator', 8: '+49 30 123' },
  { 8: '' },
  { 3: 'Ökohof Süd', 4: 'Straße "A"' },
  { 1: '＋1', 3: '€-Laden' },
];

describe('ExportLines', () => {
  it('writes what csvCell writes for plain and tricky records, wherever the reads split them', () => {
    const records = TRICKY.map((overrides, i) => cellsOf(i + 1, overrides));
    const copy = Buffer.from(records.map((cells, i) => copyRecord(i + 1, cells)).join(''));
    const delivered = records.filter((cells) => cells[13] !== null);
    const expected = delivered.map(fileLine).join('');
    const sum = new CentSum();
    for (const cells of delivered) sum.add(cells[7]!.replace(',', '.'));

    for (let cut = 0; cut <= copy.length; cut += 1) {
      const { lines, netSum } = read(copy, [cut]);
      expect(lines.file(new CurrentLines()).toString('utf8')).toBe(expected);
      expect(lines.count).toBe(delivered.length);
      expect(netSum.toString()).toBe(sum.toString());
    }
  });

  it('puts each open record where the marking statement found it, and leaves out those it did not', () => {
    const records = [1, 2, 3, 4, 5, 6, 7].map((i) => cellsOf(i));
    const copy = Buffer.from(records.map((cells, i) => copyRecord(i + 1, cells)).join(''));
    const { lines, netSum } = read(copy, [40, 41, 300]);
    expect(lines.open).toEqual([3, 6]);
    expect(lines.delivered).toEqual([1, 2, 4, 5, 7]);

    const current = new CurrentLines();
    const marked = cellsOf(3, { 13: '22.11.2026', 4: 'Hof "Süd"' });
    scanCopyRecords(Buffer.from(copyRecord(3, marked)), 0, current, Infinity);
    const file = lines.file(current).toString('utf8');

    expect(file).toBe(
      [1, 2].map((i) => fileLine(records[i - 1]!)).join('') +
        fileLine(marked) +
        [4, 5, 7].map((i) => fileLine(records[i - 1]!)).join(''),
    );
    expect(lines.count).toBe(6); // 6 was not marked (changed or exported elsewhere): left out
    expect(netSum.toString()).toBe('25.00'); // 1,50 + 2,50 + 3,50 (marked) + 4,50 + 5,50 + 7,50
  });

  it('stops after `limit` records and goes on from where it stopped', () => {
    const copy = Buffer.from([1, 2, 3, 4, 5].map((i) => copyRecord(i, cellsOf(i))).join(''));
    const first = new ExportLines(new CentSum());
    const at = scanCopyRecords(copy, 0, first, 2);
    const second = new ExportLines(new CentSum());
    expect(scanCopyRecords(copy, at, second, 10)).toBe(copy.length);
    expect([first.records, second.records]).toEqual([2, 3]);
    expect(second.delivered).toEqual([4, 5]);
  });
});

describe('MAY_BE_GUARDED', () => {
  it('flags the first UTF-8 byte of every character that neutraliseFormula guards at a cell start', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (neutraliseFormula(`${char}x`) !== `${char}x`)
        expect(MAY_BE_GUARDED[Buffer.from(char)[0]!], `U+${code.toString(16)}`).toBe(1);
    }
  });
});
