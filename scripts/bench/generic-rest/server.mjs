// The generic REST server of bookings-list-generic-rest.ts: Platformatic's PostgreSQL-to-REST layer
// (@platformatic/sql-mapper + @platformatic/sql-openapi, what `platformatic db` runs) on a plain
// Fastify, over one view of the bookings. Its packages are not the project's: the bench installs them
// into GENERIC_REST_DIR and this file loads them from there. No auth and no logger, as such servers
// are compared here. Prints "listening on <url>" once it serves.
//
// env: DATABASE_URL; GENERIC_REST_DIR (holds node_modules); GENERIC_REST_VIEW (the view's name).
import { createRequire } from 'node:module';
import path from 'node:path';

const { DATABASE_URL, GENERIC_REST_DIR, GENERIC_REST_VIEW } = process.env;
if (!DATABASE_URL || !GENERIC_REST_DIR || !GENERIC_REST_VIEW)
  throw new Error('DATABASE_URL, GENERIC_REST_DIR and GENERIC_REST_VIEW are needed');

const require = createRequire(path.join(GENERIC_REST_DIR, 'node_modules', 'generic-rest.cjs'));
const fastify = require('fastify');
const sqlMapper = require('@platformatic/sql-mapper');
const sqlOpenApi = require('@platformatic/sql-openapi');

/**
 * The mapper's description of the view. sql-mapper lists only base tables (pg_tables) and skips any
 * relation without a primary key, so a view is invisible to its own introspection. Its `dbschema`
 * option (how Platformatic DB reloads a locked schema) takes the description instead: the view's
 * columns as the mapper itself reads them (information_schema.columns, which covers views), and the
 * id declared as the primary key it is in the table below.
 */
async function viewSchema() {
  const { db, sql } = await sqlMapper.createConnectionPool({
    log: { trace: () => undefined, error: console.error },
    connectionString: DATABASE_URL,
  });
  try {
    const columns = await db.query(sql`
      select column_name, udt_name, is_nullable, is_generated, data_type
      from information_schema.columns
      where table_schema = current_schema() and table_name = ${GENERIC_REST_VIEW}
      order by ordinal_position`);
    if (columns.length === 0) throw new Error(`no view ${GENERIC_REST_VIEW} in the database`);
    const schema = (await db.query(sql`select current_schema() as name`))[0].name;
    return [
      {
        schema,
        table: GENERIC_REST_VIEW,
        columns: columns.map((column) => ({ ...column, isArray: false })),
        constraints: [{ constraint_type: 'PRIMARY KEY', column_name: 'id' }],
      },
    ];
  } finally {
    await db.dispose();
  }
}

const app = fastify({ logger: false });
await app.register(sqlMapper, {
  connectionString: DATABASE_URL,
  dbschema: await viewSchema(),
  autoTimestamp: false,
});
await app.register(sqlOpenApi);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${url}`);
