// `npm run retention -- --before YYYY-MM-DD [--archive FILE --apply] [--by NAME]`: archives and removes
// the bookings invoiced before the date (decision 0086). Without --apply a dry run: it only reports.
import { parseArgs } from 'node:util';
import { readConfigOrExit } from '../config';
import { openDatabaseTarget } from '../backup/database-target';
import { RetentionRefused, runRetention } from './retention';

const log = {
  info: (msg: string) => console.log(msg),
  warn: (msg: string) => console.warn(msg),
  error: (msg: string) => console.error(msg),
  debug: () => undefined,
};
const usage = 'usage: npm run retention -- --before YYYY-MM-DD [--archive FILE --apply] [--by NAME]';

let args;
try {
  args = parseArgs({
    options: {
      before: { type: 'string' },
      archive: { type: 'string' },
      apply: { type: 'boolean', default: false },
      by: { type: 'string' },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!args.before) {
  console.error(usage);
  process.exit(2);
}

try {
  const target = await openDatabaseTarget(readConfigOrExit(), 'backup', log);
  try {
    log.info(`Retention on ${target.description}: bookings invoiced before ${args.before}`);
    const summary = await runRetention(target.url, {
      before: args.before,
      archive: args.archive,
      apply: args.apply,
      actor: args.by,
    });
    log.info(
      `${summary.bookings} bookings (invoice dates ${summary.oldestInvoiceDate ?? '–'} to ${summary.newestInvoiceDate ?? '–'}, ` +
        `net ${summary.netSum}), ${summary.auditEntries} audit entries, ${summary.exportEntries} export entries`,
    );
    if (!args.apply) log.info('Dry run: nothing archived or removed (add --archive FILE --apply)');
    else if (summary.archived)
      log.info(`Archived to ${args.archive} and verified; removed ${summary.removed} bookings`);
    else log.info('Nothing to remove; no archive written');
  } finally {
    await target.release();
  }
  process.exit(0);
} catch (error) {
  console.error(`retention failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof RetentionRefused ? 2 : 1);
}
