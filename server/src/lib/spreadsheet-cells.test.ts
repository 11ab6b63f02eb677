import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './spreadsheet-cells';

describe('neutraliseFormula', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+49 123', "'+49 123"],
    ['-cmd|calc', "'-cmd|calc"],
    ['@import', "'@import"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
  ])('prefixes %j', (input, expected) => expect(neutraliseFormula(input)).toBe(expected));

  it.each(['-12,50', '-1.234,56', '+3', '-7.5', 'Rathausplatz 1', '', 'a=b'])('keeps %j', (input) =>
    expect(neutraliseFormula(input)).toBe(input),
  );
});
