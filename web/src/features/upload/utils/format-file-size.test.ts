import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Byte'],
    [1, '1 Byte'],
    [1023, '1023 Byte'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [1_048_575, '1 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [Math.round(19.84 * 1024 * 1024), '19,8 MB'],
    [1_288_490_189, '1,2 GB'],
  ])('%i bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});
