import { describe, expect, it } from 'vitest';
import {
  countCsvRecords,
  CSV_BOM,
  csvCell,
  neutraliseFormula,
  parseCsvRecords,
  toCsv,
  undoFormulaGuard,
} from './csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+49 123', "'+49 123"],
    ['-cmd|calc', "'-cmd|calc"],
    ['@import', "'@import"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    // full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets read as their ASCII twins
    ['＝SUM(A1:A2)', "'＝SUM(A1:A2)"],
    ['＋49 123', "'＋49 123"],
    ['－cmd|calc', "'－cmd|calc"],
    ['＠import', "'＠import"],
    ['－12,50', "'－12,50"],
    // look-alikes that NFKC makes a formula sign (issue 56): small, superscript, subscript, minus signs
    ['﹦SUM(A1:A2)', "'﹦SUM(A1:A2)"],
    ['⁼SUM(A1:A2)', "'⁼SUM(A1:A2)"],
    ['₌1', "'₌1"],
    ['﹢1', "'﹢1"],
    ['⁺1', "'⁺1"],
    ['₊1', "'₊1"],
    ['﹣cmd', "'﹣cmd"],
    ['⁻1', "'⁻1"],
    ['₋1', "'₋1"],
    ['−12,50', "'−12,50"],
    ['﹫import', "'﹫import"],
  ])('prefixes %j', (input, expected) => expect(neutraliseFormula(input)).toBe(expected));

  it.each(['-12,50', '-1.234,56', '+3', '-7.5', 'Rathausplatz 1', '', 'a=b', 'a＝b', '＄1', '²', '¹²'])(
    'keeps %j',
    (input) => expect(neutraliseFormula(input)).toBe(input),
  );
});

describe('undoFormulaGuard', () => {
  it.each([
    '=SUM(A1)',
    '+49',
    '-x',
    '@a',
    '\tx',
    '\rx',
    '＝SUM(A1)',
    '＋49',
    '－x',
    '＠a',
    '﹦x',
    '⁼x',
    '−1',
    'Rathaus',
    "'Zitat",
  ])('gives back what neutraliseFormula guarded: %j', (input) =>
    expect(undoFormulaGuard(neutraliseFormula(input))).toBe(input),
  );
});

describe('csvCell', () => {
  it('quotes cells with the delimiter, quotes or line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Größe 10" Zoll')).toBe('"Größe 10"" Zoll"');
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"');
    expect(csvCell('Rathaus, Marktplatz 1')).toBe('Rathaus, Marktplatz 1');
  });

  it('neutralises before quoting', () => {
    expect(csvCell('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
  });
});

describe('toCsv', () => {
  it('writes a BOM, semicolons and CRLF after every record', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', ''],
      ]),
    ).toBe('\uFEFFa;b\r\n1;\r\n');
  });

  it('writes only the BOM for no rows', () => {
    expect(toCsv([])).toBe('\uFEFF');
  });
});

describe('countCsvRecords', () => {
  it.each([
    ['', 0],
    [`${CSV_BOM}A;B\r\n`, 0],
    [`${CSV_BOM}A;B\r\n1;2\r\n3;4\r\n`, 2],
    ['A;B\r\n1;2', 1],
    ['A;B\r\n"zwei\r\nZeilen";2\r\n"a ""b"" c";3\r\n', 2],
    ['A;B\r\n1;2\r\n\r\n', 1],
  ])('counts the records of %j: %i', (text, expected) => {
    expect(countCsvRecords(text)).toBe(expected);
  });

  it('counts what toCsv writes', () => {
    expect(countCsvRecords(toCsv([['Kopf'], ['a;b'], ['x\ny'], ['"']]))).toBe(3);
  });
});

describe('parseCsvRecords', () => {
  it('reads the download dialect back: quotes, doubled quotes, line breaks and empty cells', () => {
    expect(parseCsvRecords('a;"b;c";"d ""e"""\r\n;"x\r\ny";\r\n')).toEqual([
      ['a', 'b;c', 'd "e"'],
      ['', 'x\r\ny', ''],
    ]);
  });

  it("reads PostgreSQL's COPY records, which end with LF and quote an empty text", () => {
    expect(parseCsvRecords('1;"a;b";"sagt ""ja""";;"";"x\r\ny"\n2;z\n')).toEqual([
      ['1', 'a;b', 'sagt "ja"', '', '', 'x\r\ny'],
      ['2', 'z'],
    ]);
  });

  it('gives back what toCsv wrote, formula guard included', () => {
    const rows = [
      ['0815', '=1+2', 'mit "Anführung"', 'zwei\nZeilen', ''],
      ['x', 'y', 'z', ';', '"'],
    ];
    expect(parseCsvRecords(toCsv(rows).slice(CSV_BOM.length))).toEqual(
      rows.map((row) => row.map(neutraliseFormula)),
    );
  });
});
