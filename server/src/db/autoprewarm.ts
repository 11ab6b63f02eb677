// The embedded PostgreSQL keeps its buffer cache across restarts: pg_prewarm's autoprewarm worker
// writes the list of cached blocks every five minutes and at shutdown, and reads those blocks back in
// the background after the next start. Without it the first requests after a restart read the
// indexes they walk from disk, one block at a time when walking backwards: a deep page of the bookings
// (a backward walk to offset 250,000 after a reboot: 291 ms, warm 17–19 ms; docs/performance.md,
// change 44).
import fs from 'node:fs';
import path from 'node:path';

const LIBRARY = 'pg_prewarm';

/**
 * The postmaster's arguments that preload pg_prewarm, when the binaries next to `postgresBinary`
 * include it (PostgreSQL refuses to start with a preload library it cannot find, so none otherwise).
 */
export function autoprewarmArgs(postgresBinary: string): string[] {
  const libraryDir = path.join(path.dirname(postgresBinary), '..', 'lib', 'postgresql');
  const present =
    fs.existsSync(libraryDir) && fs.readdirSync(libraryDir).some((f) => f.startsWith(`${LIBRARY}.`));
  return present ? ['-c', `shared_preload_libraries=${LIBRARY}`] : [];
}
