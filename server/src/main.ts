// Starts the server: configuration, database (embedded or DATABASE_URL), migrations, first-start
// records, then HTTP. Every way out (SIGTERM, SIGINT, an uncaught error, a failed start) closes HTTP
// (in-flight requests finish) and then stops PostgreSQL; a forced exit after 40 s still tells the
// embedded PostgreSQL to shut down (postmaster.ts).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { readConfigOrExit } from './config';
import { AlreadyRunningError } from './db/server-lock';
import { openDatabase, type OpenDatabase } from './db/open-database';
import { seedSystemRecords } from './db/seed-system-records';
import { seedDemoData } from './demo/seed-demo-data';
import { closeHttp, FORCED_EXIT_MS, HTTP_GRACE_MS } from './http/shutdown';
import { createLogger, logDestination } from './logger';
import { openUrl, startBanner } from './start-banner';

// The configuration first: a wrong variable must stop the start with one line, before the logger
// (which would throw on a wrong LOG_LEVEL) or anything else exists.
const config = readConfigOrExit();
const logStream = logDestination();
const log = createLogger(config.logLevel, logStream);

let database: OpenDatabase | undefined;
let app: FastifyInstance | undefined;
let exiting = false;

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

async function exit(code: number): Promise<void> {
  if (exiting) return;
  exiting = true;
  setTimeout(() => {
    log.error('Das Beenden dauert zu lange; der Prozess endet jetzt');
    process.exit(code === 0 ? 1 : code);
  }, FORCED_EXIT_MS).unref();
  if (app) {
    await closeHttp(app, HTTP_GRACE_MS, () => log.warn('Noch offene Verbindungen werden getrennt')).catch(
      (error: unknown) => log.warn(`HTTP konnte nicht geschlossen werden: ${String(error)}`),
    );
  }
  await database
    ?.close()
    .catch((error: unknown) => log.warn(`Die Datenbank konnte nicht gestoppt werden: ${String(error)}`));
  log.info('Beendet');
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    log.info(`${signal} empfangen, der Server wird beendet`);
    void exit(0);
  });
}
process.on('uncaughtException', (error) => {
  log.error(`Unbehandelter Fehler, der Server wird beendet: ${describe(error)}`);
  void exit(1);
});
process.on('unhandledRejection', (reason) => {
  log.error(`Unbehandelte Zurückweisung, der Server wird beendet: ${describe(reason)}`);
  void exit(1);
});

async function main(): Promise<void> {
  database = await openDatabase(config, log);
  const admin = await seedSystemRecords(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log,
  });
  if (config.demoData) await seedDemoData(database.db, log);
  app = await buildApp({ db: database.db, pool: database.pool, readDb: database.readDb, config, logStream });
  if (exiting) return; // a signal arrived during start-up

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error(`Port ${config.port} kann nicht geöffnet werden: ${(error as Error).message}`);
    return exit(1);
  }
  const port = new URL(address).port;
  log.info(`Lieferantenportal ist bereit: http://localhost:${port}`);
  if (process.stdout.isTTY) process.stdout.write(startBanner({ url: openUrl(config.host, port), admin }));
}

main().catch((error: unknown) => {
  if (error instanceof AlreadyRunningError) log.error(error.message);
  else log.error(`Start fehlgeschlagen: ${describe(error)}`);
  return exit(1);
});
