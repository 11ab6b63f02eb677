import { describe, expect, it } from 'vitest';
import { sharedBuffersMb } from './shared-buffers';

const GB = 1024 ** 3;

describe('the embedded database buffer cache', () => {
  it('takes a quarter of the machine, no less than 128 MB and no more than 1 GB', () => {
    expect(sharedBuffersMb(2 * GB)).toBe(512);
    expect(sharedBuffersMb(0.25 * GB)).toBe(128);
    expect(sharedBuffersMb(24 * GB)).toBe(1024);
    expect(sharedBuffersMb(3 * GB + 1)).toBe(768);
  });
});
