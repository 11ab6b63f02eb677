import { describe, expect, it } from 'vitest';
import { availableMemory, sharedBuffersMb } from './shared-buffers';

const GB = 1024 ** 3;

describe('the embedded database buffer cache', () => {
  it('takes a quarter of the memory, no less than 128 MB and no more than 1 GB', () => {
    expect(sharedBuffersMb(2 * GB)).toBe(512);
    expect(sharedBuffersMb(0.25 * GB)).toBe(128);
    expect(sharedBuffersMb(24 * GB)).toBe(1024);
    expect(sharedBuffersMb(3 * GB + 1)).toBe(768);
  });

  it("sizes itself to a container's memory limit, not the host's memory", () => {
    expect(availableMemory(64 * GB, 2 * GB)).toBe(2 * GB);
    expect(sharedBuffersMb(availableMemory(64 * GB, 2 * GB))).toBe(512);
    // No limit: Node reports 0 (older versions) or a number beyond any machine.
    expect(availableMemory(24 * GB, 0)).toBe(24 * GB);
    expect(availableMemory(24 * GB, undefined)).toBe(24 * GB);
    expect(availableMemory(24 * GB, 2 ** 64)).toBe(24 * GB);
  });
});
