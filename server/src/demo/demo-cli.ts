// `npm run demo`: fills an empty database with demo data and exits.
import { readConfigOrExit } from '../config';
import { openDatabase } from '../db/open-database';
import { seedSystemRecords } from '../db/seed-system-records';
import { createLogger } from '../logger';
import { seedDemoData } from './seed-demo-data';

const config = readConfigOrExit();
const log = createLogger('info');
const database = await openDatabase(config, log);
await seedSystemRecords(database.db, {
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  log,
});
await seedDemoData(database.db, log);
await database.close();
