// The embedded PostgreSQL's buffer cache, sized to the machine (docs/performance.md, change 42).
// PostgreSQL's default of 128 MB holds a tenth of the bookings and their indexes at a million
// bookings; a list page that reads its matches through a bitmap then takes its table blocks from the
// operating system's cache, one copy each. A quarter of the memory is PostgreSQL's own advice for a
// dedicated server; capped at 1 GB, since the embedded database shares its machine with the server.
import os from 'node:os';

const MB = 1024 * 1024;
const LEAST_MB = 128;
const MOST_MB = 1024;

/** `shared_buffers` in MB for `memory` bytes: a quarter, within 128 MB–1 GB. */
export function sharedBuffersMb(memory: number): number {
  return Math.min(MOST_MB, Math.max(LEAST_MB, Math.floor(memory / 4 / MB)));
}

/**
 * The memory this process may use: the machine's, or less in a container whose memory is limited
 * (a cgroup limit; the machine's memory is what os.totalmem reports there too). Without a limit,
 * Node reports 0 or a huge number.
 */
export function availableMemory(
  total = os.totalmem(),
  constrained: number | undefined = process.constrainedMemory?.(),
): number {
  return constrained && constrained > 0 ? Math.min(total, constrained) : total;
}
