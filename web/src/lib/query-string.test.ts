import { describe, expect, it } from 'vitest';
import { withQuery } from './query-string';

describe('withQuery', () => {
  it('leaves out empty filters and repeats array keys', () => {
    expect(
      withQuery('/api/transactions/export-selected', {
        format: 'csv',
        items: [3, 5],
        searchQuery: '',
        article: undefined,
      }),
    ).toBe('/api/transactions/export-selected?format=csv&items=3&items=5');
  });

  it('encodes values and keeps the path alone when nothing is left', () => {
    expect(withQuery('/api/users/single', { name: 'a+b@example.org' })).toBe(
      '/api/users/single?name=a%2Bb%40example.org',
    );
    expect(withQuery('/api/articles', { onlyActive: null })).toBe('/api/articles');
  });
});
