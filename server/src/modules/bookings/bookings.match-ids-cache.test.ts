// The kept ids of searches stay within their memory, read one search at a time, and keep nothing of a
// failed read (bookings.match-ids-cache.ts).
import { describe, expect, it } from 'vitest';
import { MatchIdsCache, type MatchIds } from './bookings.match-ids-cache';

const idsOf = (count: number, version = '1'): MatchIds => ({
  ids: Int32Array.from({ length: count }, (_, i) => i + 1),
  version,
});

/** Fills `key` and waits until its read has ended. */
async function filled(cache: MatchIdsCache, key: string, entry: MatchIds | Error) {
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const errors: unknown[] = [];
  cache.fill(
    key,
    () => {
      const read = entry instanceof Error ? Promise.reject(entry) : Promise.resolve(entry);
      const end = () => setTimeout(ended, 0); // after the cache's own handlers
      read.then(end, end);
      return read;
    },
    (error) => errors.push(error),
  );
  await done;
  return errors;
}

describe('kept ids of searches', () => {
  it('drop the least recently used searches beyond their bytes, and never keep one larger than all', async () => {
    const cache = new MatchIdsCache(1_000); // 250 ids
    await filled(cache, 'a', idsOf(100));
    await filled(cache, 'b', idsOf(100));
    expect(cache.get('a')?.ids).toHaveLength(100); // a is now the most recent
    await filled(cache, 'c', idsOf(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    await filled(cache, 'd', idsOf(251));
    expect(cache.get('d')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('read one search at a time and none that is kept', async () => {
    const cache = new MatchIdsCache();
    let release!: (entry: MatchIds) => void;
    let reads = 0;
    cache.fill(
      'a',
      () => new Promise((resolve) => (release = resolve)),
      () => undefined,
    );
    cache.fill(
      'b',
      async () => (reads++, idsOf(1)),
      () => undefined,
    );
    release(idsOf(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(0);
    expect(cache.get('a')?.ids).toHaveLength(3);
    cache.fill(
      'a',
      async () => (reads++, idsOf(1)),
      () => undefined,
    );
    expect(reads).toBe(0);
  });

  it('report a failed read and keep nothing of it, then read again', async () => {
    const cache = new MatchIdsCache();
    expect(await filled(cache, 'a', new Error('connection ended'))).toHaveLength(1);
    expect(cache.get('a')).toBeUndefined();
    expect(await filled(cache, 'a', idsOf(2, '7'))).toEqual([]);
    expect(cache.get('a')).toMatchObject({ version: '7' });
  });
});
