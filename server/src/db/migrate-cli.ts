// `npm run migrate`: applies pending migrations and exits.
import { readConfigOrExit } from '../config';
import { openDatabase } from './open-database';

const log = { info: console.log, warn: console.warn, error: console.error, debug: () => undefined };
const database = await openDatabase(readConfigOrExit(), log);
console.log('Die Datenbank-Migrationen sind auf dem neuesten Stand.');
await database.close();
