// `npm run restore -- FILE`: restores a backup into an empty database (decision 0013).
import { readConfigOrExit } from '../config';
import { runCli } from './cli-support';
import { openDatabaseTarget } from './database-target';
import { readBackupHeader, restoreBackup } from './restore';

await runCli('restore', async (file, log) => {
  const header = await readBackupHeader(file); // a wrong file is refused before any database is touched
  const target = await openDatabaseTarget(readConfigOrExit(), 'restore', log);
  try {
    log.info(`${file} (erstellt ${header.createdAt}) wird wiederhergestellt in ${target.description}`);
    const summary = await restoreBackup(target.url, file);
    const rows = Object.entries(summary.tables).map(([name, n]) => `${name} ${n}`);
    log.info(
      `Wiederherstellung vollständig und geprüft (Migration ${summary.migration}); Zeilen: ${rows.join(', ')}`,
    );
  } finally {
    await target.release();
  }
});
