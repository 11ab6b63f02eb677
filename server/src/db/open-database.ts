// Chooses the database: DATABASE_URL if given, else the embedded PostgreSQL in DATA_DIR.
import type { Config } from '../config';
import { connect, type Connection } from './connection';
import { startEmbeddedPostgres, type Logger } from './embedded-postgres';
import { runMigrations } from './migrate';

export interface OpenDatabase extends Connection {
  embedded: boolean;
}

export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const connection = connect(url, 10, (error) => log.warn(`Database connection lost: ${error.message}`));
  try {
    await runMigrations(connection.db);
  } catch (error) {
    await connection.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...connection,
    embedded: embedded !== undefined,
    async close() {
      await connection.close();
      await embedded?.stop();
    },
  };
}
