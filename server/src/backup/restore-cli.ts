// `npm run restore -- FILE`: restores a backup into an empty database (decision 0013).
import { readConfig } from '../config';
import { runCli } from './cli-support';
import { openDatabaseTarget } from './database-target';
import { readBackupHeader, restoreBackup } from './restore';

await runCli('restore', async (file, log) => {
  const header = await readBackupHeader(file); // a wrong file is refused before any database is touched
  const target = await openDatabaseTarget(readConfig(), 'restore', log);
  try {
    log.info(`Restoring ${file} (taken ${header.createdAt}) into ${target.description}`);
    const summary = await restoreBackup(target.url, file);
    const rows = Object.entries(summary.tables).map(([name, n]) => `${name} ${n}`);
    log.info(`Restore complete and verified (migration ${summary.migration}); rows: ${rows.join(', ')}`);
  } finally {
    await target.release();
  }
});
