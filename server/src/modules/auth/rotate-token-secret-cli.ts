// `npm run rotate-token-secret`: a new token-signing secret; every session ends once the servers
// restart. Run it with the servers stopped (the embedded database allows one process anyway).
import { readConfigOrExit } from '../../config';
import { openDatabase } from '../../db/open-database';
import { rotateTokenSecret } from './tokens';

const log = { info: console.log, warn: console.warn, error: console.error, debug: () => undefined };
const database = await openDatabase(readConfigOrExit(), log);
await rotateTokenSecret(database.db);
console.log(
  'Neues Signaturgeheimnis gesetzt: alle bisher ausgestellten Zugriffstoken sind ungültig, ' +
    'sobald jeder Server (neu) gestartet ist.',
);
await database.close();
