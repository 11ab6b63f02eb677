import { describe, expect, it } from 'vitest';
import { parseEditKey } from './edit-key';

describe('parseEditKey', () => {
  it('reads "new" and positive integers', () => {
    expect(parseEditKey('new')).toBe('new');
    expect(parseEditKey('1200')).toBe(1200);
    expect(parseEditKey('000999')).toBe(999);
    expect(parseEditKey('2147483647')).toBe(2147483647);
  });

  it.each([null, '', '0', '-1', '1.5', '12a', 'NEW', '2147483648', '99999999999'])('refuses %j', (raw) =>
    expect(parseEditKey(raw)).toBeNull(),
  );
});
