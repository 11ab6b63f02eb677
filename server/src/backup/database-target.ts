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
        description: `the embedded PostgreSQL of the running server in ${config.dataDir}`,
        release: async () => undefined,
      };
  }
  try {
    const embedded = await startEmbeddedPostgres(config.dataDir, log);
    return {
      url: embedded.url,
      description: `the embedded PostgreSQL in ${config.dataDir} (started for this ${purpose})`,
      release: () => embedded.stop(),
    };
  } catch (error) {
    if (error instanceof AlreadyRunningError && purpose === 'restore')
      throw new AlreadyRunningError(
        `${error.message} A restore needs a new, empty DATA_DIR with no server running on it.`,
      );
    throw error;
  }
}
