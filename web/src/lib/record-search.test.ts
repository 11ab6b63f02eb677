import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeSearchText } from './record-search';

const KITA = '10042 – Kita Sonnenschein Hauptstraße 5, 63225 Langen';

describe('matchesQuery', () => {
  it.each([
    ['every word somewhere, any order', KITA, 'Kita Langen', true],
    ['order does not matter', KITA, 'langen kita', true],
    ['case-insensitive', KITA, 'KITA sonnen', true],
    ['by number', KITA, '10042', true],
    ['by part of the number', KITA, '0042', true],
    ['by street', KITA, 'hauptstr', true],
    ['by zip code', KITA, '63225', true],
    ['umlaut typed without its dots', '20001 – Müller GmbH, Köln', 'muller koln', true],
    ['ß typed as ss', KITA, 'hauptstrasse', true],
    ['extra blanks are ignored', KITA, '  Kita   Langen ', true],
    ['empty query matches everything', KITA, '', true],
    ['one word missing', KITA, 'Kita Hanau', false],
    ['word not in the text', KITA, 'Schule', false],
    ['number that differs', KITA, '10043', false],
  ])('%s: %s / %s', (_case, text, query, expected) => {
    expect(matchesQuery(text, query)).toBe(expected);
  });
});

describe('normalizeSearchText', () => {
  it('drops accents, lowers case and spells ß as ss', () => {
    expect(normalizeSearchText('Äußere Straße É')).toBe('aussere strasse e');
  });
});
