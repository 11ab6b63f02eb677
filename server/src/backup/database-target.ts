// Which database `npm run backup` / `npm run restore` work on: DATABASE_URL if set, else the embedded
// PostgreSQL of DATA_DIR. A backup joins the cluster of a running server; with the server stopped, the
// cluster is started for the duration (holding DATA_DIR's server lock, so no server starts meanwhile).
import type { Config } from '../config';
import { runningEmbeddedUrl, startEmbeddedPostgres, type Logger } from '../db/embedded-postgres';
import { AlreadyRunningError } from '../db/server-lock';

export interface DatabaseTarget {
  url: string;
  /** For the operator: which database this is (no password). */
  description: string;
  release(): Promise<void>;
}

export async function openDatabaseTarget(
  config: Config,
  purpose: 'backup' | 'restore',
  log: Logger,
): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      url: config.databaseUrl,
      description: `DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname})`,
      release: async () => undefined,
    };
  }
  if (purpose === 'backup') {
    const running = runningEmbeddedUrl(config.dataDir);
    if (running)
      return {
        url: running,
        description: `die eingebettete PostgreSQL des laufenden Servers in ${config.dataDir}`,
        release: async () => undefined,
      };
  }
  try {
    const embedded = await startEmbeddedPostgres(config.dataDir, log);
    return {
      url: embedded.url,
      description: `die eingebettete PostgreSQL in ${config.dataDir} (für ${purpose === 'backup' ? 'diese Sicherung' : 'diese Wiederherstellung'} gestartet)`,
      release: () => embedded.stop(),
    };
  } catch (error) {
    if (error instanceof AlreadyRunningError && purpose === 'restore')
      throw new AlreadyRunningError(
        `${error.message} Eine Wiederherstellung braucht ein neues, leeres DATA_DIR, auf dem kein Server läuft.`,
      );
    throw error;
  }
}
