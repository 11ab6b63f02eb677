// The embedded PostgreSQL's buffer cache, sized to the machine (docs/performance.md, change 42).
// PostgreSQL's default of 128 MB holds a tenth of the bookings and their indexes at a million
// bookings; a list page that reads its matches through a bitmap then takes its table blocks from the
// operating system's cache, one copy each. A quarter of the memory is PostgreSQL's own advice for a
// dedicated server; capped at 1 GB, since the embedded database shares its machine with the server.

const MB = 1024 * 1024;
const LEAST_MB = 128;
const MOST_MB = 1024;

/** `shared_buffers` in MB for a machine with `totalMemory` bytes: a quarter, within 128 MB–1 GB. */
export function sharedBuffersMb(totalMemory: number): number {
  return Math.min(MOST_MB, Math.max(LEAST_MB, Math.floor(totalMemory / 4 / MB)));
}
