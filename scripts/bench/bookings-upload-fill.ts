// The million bookings of the list benchmark as users bring them: the rows of `fill` (the same every
// run) written out as ten Excel CSV files of 100,000 rows and uploaded through `POST /api/upload` of
// the production server, in the order they were invoiced. Nothing is rebuilt or vacuumed afterwards:
// the indexes grew row by row, the visibility map is whatever autovacuum has set by then, and the
// triggers kept the month totals and the locations. Every booking is not yet exported, created by the
// admin (the uploader) during the fill.
import type pg from 'pg';
import { UPLOAD_MAX_ROWS } from '@lp/domain/limits';
import { fill } from './bookings-fill';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildServer,
  excelCsv,
  login,
  postUpload,
  seconds,
  withServer,
} from './support';

/** One file's lines as Excel writes them (German date and amount); the fill's texts hold no `;` or `"`. */
async function csvFile(pool: pg.Pool, firstId: number, rows: number): Promise<Buffer> {
  const { rows: lines } = await pool.query<{ line: string }>(
    `select concat_ws(';', to_char(invoice_date, 'DD.MM.YYYY'), invoice_number, debitor_number,
        delivery_location, article_number, replace(net::text, '.', ','), coalesce(additional_information, ''),
        creditor_number) as line
       from transactions where id >= $1 and id < $2 order by id`,
    [firstId, firstId + rows],
  );
  return excelCsv(lines.map((l) => l.line));
}

export async function fillThroughUploads(url: string, pool: pg.Pool): Promise<void> {
  await fill(pool);
  const { rows: counted } = await pool.query<{ n: number; first: number }>(
    'select count(*)::int as n, min(id) as first from transactions',
  );
  const { n: total, first } = counted[0]!;
  const files: Buffer[] = [];
  for (let id = first; id < first + total; id += UPLOAD_MAX_ROWS)
    files.push(await csvFile(pool, id, UPLOAD_MAX_ROWS));
  // The same rows, gone again: the uploads store them anew (ids from 1, through every trigger).
  await pool.query('truncate transactions restart identity');
  await pool.query('delete from delivery_locations');
  await buildServer();
  await withServer(url, async ({ base }) => {
    const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const started = performance.now();
    const times: string[] = [];
    for (const [index, file] of files.entries()) {
      const t = performance.now();
      const { status, answer } = await postUpload<{ count?: number }>(base, token, file, {
        fileName: `Buchungen-${index + 1}.csv`,
        checkForDuplicates: false,
      });
      if (status !== 200 || !answer.count)
        throw new Error(`upload ${index + 1} answered ${status} ${JSON.stringify(answer).slice(0, 500)}`);
      times.push(seconds(performance.now() - t));
    }
    console.log(
      `uploaded: ${total.toLocaleString('en')} bookings in ${files.length} files through POST /api/upload ` +
        `in ${seconds(performance.now() - started)} (${times.join(', ')}); no rebuild, no vacuum but the server's own after each upload (decision 0039)`,
    );
  });
}
