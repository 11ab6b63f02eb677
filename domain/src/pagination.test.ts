import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LINKS } from './pagination';
import { pageCount, pageItems, type PageItem } from './pagination';

// Renders items the way a reader scans the pager: numbers and '…'.
const show = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageCount', () => {
  it('rounds up to whole pages of 50', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(1000)).toBe(20);
  });

  it('treats nonsense totals as nothing to page', () => {
    expect(pageCount(-5)).toBe(0);
    expect(pageCount(Number.NaN)).toBe(0);
    expect(pageCount(10, 0)).toBe(0);
  });
});

describe('pageItems', () => {
  it('is empty without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('lists every page when they fit', () => {
    expect(show(pageItems(1, 1))).toBe('1');
    expect(show(pageItems(3, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('puts one ellipsis near the start', () => {
    expect(show(pageItems(1, 10))).toBe('1 2 3 4 5 … 10');
    expect(show(pageItems(4, 10))).toBe('1 2 3 4 5 … 10');
  });

  it('puts two ellipses in the middle', () => {
    expect(show(pageItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(show(pageItems(6, 10))).toBe('1 … 5 6 7 … 10');
    expect(show(pageItems(50, 100))).toBe('1 … 49 50 51 … 100');
  });

  it('puts one ellipsis near the end', () => {
    expect(show(pageItems(7, 10))).toBe('1 … 6 7 8 9 10');
    expect(show(pageItems(10, 10))).toBe('1 … 6 7 8 9 10');
  });

  it('never shows more than the allowed number of items, and always the current page', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        expect(items.length).toBeLessThanOrEqual(MAX_PAGE_LINKS);
        expect(items).toContainEqual({ kind: 'page', page: current });
        const numbers = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(show(pageItems(0, 10))).toBe('1 2 3 4 5 … 10');
    expect(show(pageItems(99, 10))).toBe('1 … 6 7 8 9 10');
  });

  it('keeps distinct keys for the two ellipses', () => {
    const ellipses = pageItems(5, 10).filter((i) => i.kind === 'ellipsis');
    expect(ellipses).toEqual([
      { kind: 'ellipsis', position: 'start' },
      { kind: 'ellipsis', position: 'end' },
    ]);
  });

  it('falls back to a plain window when too few items are allowed for ellipses', () => {
    expect(show(pageItems(5, 10, 3))).toBe('4 5 6');
    expect(show(pageItems(1, 10, 3))).toBe('1 2 3');
    expect(show(pageItems(10, 10, 3))).toBe('8 9 10');
  });
});
