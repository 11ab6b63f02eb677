// CSV exports at the million bookings of bookings-fill.ts, measured over HTTP against the production
// server: time to first byte, total time and the server's memory while the file streams.
import fs from 'node:fs';
import { DEFAULT_SORTING } from '@lp/domain/booking-list-query';
import { addDays, EXPORTED_DAYS, FIRST_DAY, wireDay } from './bookings-fill';
import { megabytes, memoryOf, seconds, type BenchServer } from './support';

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel does not allow it. */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Streams the CSV export of `url`, counting bytes and lines; prints time to first byte, total time,
 * and the server's RSS before, every 10,000 rows and after, with its peak (VmHWM reset just before).
 */
async function measureExport(server: BenchServer, token: string, title: string, url: string): Promise<void> {
  const before = memoryOf(server.pid);
  const reset = resetPeakRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body)
    throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  const progress: string[] = [];
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] !== 10) continue;
      lines += 1;
      if ((lines - 1) % 10_000 === 0 && lines > 1) {
        const at = `${(lines - 1) / 1000}k`;
        progress.push(
          `${at} ${seconds(performance.now() - started)} ${megabytes(memoryOf(server.pid).rssKb)}`,
        );
      }
    }
  }
  const totalMs = performance.now() - started;
  const after = memoryOf(server.pid);
  const rows = lines - 1; // without the header
  console.log(`
${title}
  GET ${decodeURIComponent(url)}`);
  console.log(
    `  ${rows.toLocaleString('en')} rows + header, ${(bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `first byte after ${seconds(firstByteMs ?? totalMs)}, complete after ${seconds(totalMs)} ` +
      `(${Math.round(rows / (totalMs / 1000)).toLocaleString('en')} rows/s overall, ` +
      `${Math.round(rows / ((totalMs - (firstByteMs ?? 0)) / 1000)).toLocaleString('en')} rows/s after the first byte)`,
  );
  console.log(`  rows received, elapsed, server RSS: ${progress.join(' | ')}`);
  console.log(
    `  server RSS before ${megabytes(before.rssKb)}, after ${megabytes(after.rssKb)}; ` +
      (reset
        ? `peak during the export ${megabytes(after.peakKb)} (VmHWM, reset before; peak since start before: ${megabytes(before.peakKb)})`
        : `peak (VmHWM) before ${megabytes(before.peakKb)}, after ${megabytes(after.peakKb)}`),
  );
}

/**
 * Exports of ~100,000 bookings (110 days of invoice dates): first already exported ones (nothing to
 * mark: the streaming alone), then not yet exported ones, which the export marks; so it comes last.
 */
export async function measureExports(server: BenchServer, token: string): Promise<void> {
  const exportUrl = (from: string, filter: Record<string, string | boolean>) => {
    const query = new URLSearchParams({ format: 'csv', sorting: DEFAULT_SORTING });
    for (const [name, value] of Object.entries(filter)) query.set(name, String(value));
    query.set('invoiceDateFrom', wireDay(from));
    query.set('invoiceDateUntil', wireDay(addDays(from, 109)));
    return `/api/transactions/export?${query}`;
  };
  await measureExport(
    server,
    token,
    'export of ~100,000 already exported bookings (read and stream only)',
    exportUrl(addDays(FIRST_DAY, 200), { exportedOnly: true }),
  );
  await measureExport(
    server,
    token,
    'export of ~100,000 not yet exported bookings (marks them exported, then streams)',
    exportUrl(addDays(FIRST_DAY, EXPORTED_DAYS + 60), { notExportedOnly: true }),
  );
}
