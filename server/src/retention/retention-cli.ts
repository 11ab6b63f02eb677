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
const usage = 'Aufruf: npm run retention -- --before JJJJ-MM-TT [--archive DATEI --apply] [--by NAME]';

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
    log.info(
      `Aufbewahrungsfrist auf ${target.description}: Buchungen mit Rechnungsdatum vor dem ${args.before}`,
    );
    const summary = await runRetention(target.url, {
      before: args.before,
      archive: args.archive,
      apply: args.apply,
      actor: args.by,
    });
    log.info(
      `${summary.bookings} Buchungen (Rechnungsdaten ${summary.oldestInvoiceDate ?? '–'} bis ${summary.newestInvoiceDate ?? '–'}, ` +
        `netto ${summary.netSum}), ${summary.auditEntries} Einträge im Änderungsverlauf, ${summary.exportEntries} Exporteinträge`,
    );
    if (!args.apply)
      log.info('Probelauf: nichts archiviert oder entfernt (mit --archive DATEI --apply ausführen)');
    else if (summary.archived)
      log.info(`Archiviert in ${args.archive} und geprüft; ${summary.removed} Buchungen entfernt`);
    else log.info('Nichts zu entfernen; kein Archiv geschrieben');
  } finally {
    await target.release();
  }
  process.exit(0);
} catch (error) {
  console.error(
    `Aufbewahrungsfrist fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(error instanceof RetentionRefused ? 2 : 1);
}
