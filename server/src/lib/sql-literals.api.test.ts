// inlineParameters writes the filter's values into a COPY statement: each value must come back from
// PostgreSQL exactly as it was bound, whatever a user typed into a search.
import { describe, expect, it } from 'vitest';
import { inlineParameters } from './sql-literals';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function roundTrip(values: unknown[], casts: string[]) {
  const text = `select ${casts.map((cast, i) => `$${i + 1}${cast} as v${i}`).join(', ')}`;
  const { rows } = await t.pool.query<Record<string, unknown>>(inlineParameters(text, values));
  return casts.map((_, i) => rows[0]![`v${i}`]);
}

describe('inlineParameters', () => {
  it('brings back strings with quotes, backslashes, dollar signs, line breaks and umlauts unchanged', async () => {
    const strings = [
      "O'Brien",
      'C:\\Pfad\\',
      "\\'; drop table transactions; --",
      '$1 $$ $tag$',
      'Zeile 1\nZeile 2\r\n',
      '%Straße\\_Nord%',
      '',
    ];
    expect(
      await roundTrip(
        strings,
        strings.map(() => '::text'),
      ),
    ).toEqual(strings);
  });

  it('brings back numbers, negative ones too, booleans, null, dates and integer arrays', async () => {
    expect(
      await roundTrip(
        [-5, 12.5, 0, true, false, null, '2026-03-01', [3, -1, 7], []],
        ['::int', '::numeric', '::int', '::boolean', '::boolean', '::text', '::date', '::int[]', '::int[]'],
      ),
    ).toEqual([-5, '12.5', 0, true, false, null, '2026-03-01', [3, -1, 7], []]);
  });

  it('brings back string arrays with quotes, backslashes, braces and commas unchanged', async () => {
    const locations = ['Rathaus, 2. OG', "O'Brien-Platz", 'Lager {Nord}', 'C:\\Pfad', '"Zitat"', 'Straße'];
    expect(await roundTrip([locations, ['eins']], ['::varchar[]', '::varchar[]'])).toEqual([
      locations,
      ['eins'],
    ]);
  });

  it('replaces $10 as one placeholder, not $1 followed by 0', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParameters('$1, $10', params)).toBe('(1), (10)');
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParameters('$1', [{ a: 1 }])).toThrow();
    expect(() => inlineParameters('$1', [['a', 1]])).toThrow();
    expect(() => inlineParameters('$1', [[{ a: 1 }]])).toThrow();
    expect(() => inlineParameters('$1', [Number.NaN])).toThrow();
    expect(() => inlineParameters('$2', [1])).toThrow();
  });
});
