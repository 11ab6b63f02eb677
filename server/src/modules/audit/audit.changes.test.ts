import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './audit.changes';

describe('diffSnapshots', () => {
  it.each([
    ['nothing changed', { name: 'A', isActive: true }, { name: 'A', isActive: true }, {}],
    [
      'one field changed',
      { name: 'A', isActive: true },
      { name: 'B', isActive: true },
      { name: { old: 'A', new: 'B' } },
    ],
    ['a value set', { info: null }, { info: 'x' }, { info: { old: null, new: 'x' } }],
    ['a value cleared', { info: 'x' }, { info: null }, { info: { old: 'x', new: null } }],
    ['a number changed', { net: 12.5 }, { net: 12.51 }, { net: { old: 12.5, new: 12.51 } }],
    ['a field only after', {}, { city: 'Köln' }, { city: { old: null, new: 'Köln' } }],
  ])('%s', (_case, before, after, expected) => {
    expect(diffSnapshots(before, after)).toEqual(expected);
  });
});
