// `npm run backup -- FILE`: a consistent backup of the running or stopped database (decision 0013).
import { readConfigOrExit } from '../config';
import { writeBackup } from './backup';
import { runCli } from './cli-support';
import { openDatabaseTarget } from './database-target';

await runCli('backup', async (file, log) => {
  const target = await openDatabaseTarget(readConfigOrExit(), 'backup', log);
  try {
    log.info(`Sicherung von ${target.description} nach ${file}`);
    const summary = await writeBackup(target.url, file);
    const rows = Object.entries(summary.tables).map(([name, n]) => `${name} ${n}`);
    log.info(
      `Sicherung vollständig: ${summary.bytes} Bytes, Migration ${summary.migration}; Zeilen: ${rows.join(', ')}`,
    );
  } finally {
    await target.release();
  }
});
