// Starts the server: configuration, database (embedded or DATABASE_URL), migrations, first-start
// records, then HTTP. SIGTERM/SIGINT finish in-flight requests, then stop PostgreSQL.
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { AlreadyRunningError } from './db/server-lock';
import { openDatabase } from './db/open-database';
import { seedSystemRecords } from './db/seed-system-records';
import { seedDemoData } from './demo/seed-demo-data';
import { createLogger } from './logger';

const log = createLogger(process.env.LOG_LEVEL ?? 'info');

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config, log);
  await seedSystemRecords(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log,
  });
  if (config.demoData) await seedDemoData(database.db, log);
  const app = await buildApp({ db: database.db, pool: database.pool, config });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 40_000);
    force.unref();
    await app.close().catch((error: unknown) => log.warn(`closing HTTP failed: ${String(error)}`));
    await database
      .close()
      .catch((error: unknown) => log.warn(`stopping the database failed: ${String(error)}`));
    log.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error(`Cannot listen on port ${config.port}: ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }
  const port = new URL(address).port;
  log.info(`Lieferantenportal is ready at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof AlreadyRunningError || error instanceof ConfigError) log.error(error.message);
  else log.error(`Start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
