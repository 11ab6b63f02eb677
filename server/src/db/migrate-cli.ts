// `npm run migrate`: applies pending migrations and exits.
import { readConfig } from '../config';
import { openDatabase } from './open-database';

const log = { info: console.log, warn: console.warn, error: console.error, debug: () => undefined };
const database = await openDatabase(readConfig(), log);
console.log('Migrations are up to date.');
await database.close();
