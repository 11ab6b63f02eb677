// Chooses the database: DATABASE_URL if given, else the embedded PostgreSQL in DATA_DIR.
import type { Config } from '../config';
import { connect, type Connection, type Db } from './connection';
import { startEmbeddedPostgres, type Logger } from './embedded-postgres';
import { runMigrations } from './migrate';

/** How long closing waits for connections still checked out before PostgreSQL is stopped anyway. */
const POOL_END_TIMEOUT_MS = 5_000;

export interface OpenDatabase extends Connection {
  embedded: boolean;
  /** The streaming replica of DATABASE_READ_URL (db/read-router.ts); never migrated, only read. */
  readDb: Db | undefined;
}

export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const connection = connect(url, 10, (error) => log.warn(`Datenbankverbindung verloren: ${error.message}`));
  const replica = config.databaseReadUrl
    ? connect(config.databaseReadUrl, 10, (error) =>
        log.warn(`Verbindung zum Replikat verloren: ${error.message}`),
      )
    : undefined;
  try {
    await runMigrations(connection.db);
  } catch (error) {
    await connection.close();
    await replica?.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...connection,
    embedded: embedded !== undefined,
    readDb: replica?.db,
    /**
     * Ends the pool, then stops the embedded PostgreSQL. A client still checked out (a request cut by
     * the HTTP grace period, a connection lost mid-query) would keep pool.end() waiting for ever; after
     * the timeout PostgreSQL's fast shutdown ends those connections (rolling back their transactions).
     */
    async close() {
      const { pool } = connection;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          const busy = pool.totalCount - pool.idleCount;
          log.warn(
            `Nach ${POOL_END_TIMEOUT_MS} ms noch ${busy} Datenbankverbindungen in Gebrauch; es wird trotzdem beendet`,
          );
          resolve();
        }, POOL_END_TIMEOUT_MS);
      });
      await Promise.race([Promise.all([connection.close(), replica?.close()]), timedOut]);
      clearTimeout(timer);
      await embedded?.stop();
    },
  };
}
