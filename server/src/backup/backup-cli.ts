// `npm run backup -- FILE`: a consistent backup of the running or stopped database (decision 0013).
import { readConfig } from '../config';
import { writeBackup } from './backup';
import { runCli } from './cli-support';
import { openDatabaseTarget } from './database-target';

await runCli('backup', async (file, log) => {
  const target = await openDatabaseTarget(readConfig(), 'backup', log);
  try {
    log.info(`Backing up ${target.description} to ${file}`);
    const summary = await writeBackup(target.url, file);
    const rows = Object.entries(summary.tables).map(([name, n]) => `${name} ${n}`);
    log.info(
      `Backup complete: ${summary.bytes} bytes, migration ${summary.migration}; rows: ${rows.join(', ')}`,
    );
  } finally {
    await target.release();
  }
});
