// Statements the app sends again and again in a limited number of shapes (a list's page) go as
// prepared statements named after their text: PostgreSQL parses and analyses each shape once per
// connection instead of on every request (decision 0035), and still plans every run for its values
// (the pool's connections force it, db/connection.ts, decision 0036).
import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './connection';

/**
 * A connection keeps at most this many of these statements; further shapes go unnamed. Bounds what a
 * user trying every combination of filters and orders could make a connection hold (each statement
 * keeps its analysed query, tens of kB); the shapes in daily use are far fewer.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

const dialect = new PgDialect();
const preparedNames = new WeakMap<pg.PoolClient, Set<string>>();

/** Runs `statement` on a connection of the pool, by name while that connection has room for it. */
export async function executePrepared<Row extends pg.QueryResultRow>(db: Db, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `lp_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  const client = await db.$client.connect();
  try {
    let names = preparedNames.get(client);
    if (!names) preparedNames.set(client, (names = new Set()));
    const named = names.has(name) || names.size < MAX_PREPARED_PER_CONNECTION;
    if (named) names.add(name);
    const { rows } = await client.query<Row>(
      named ? { name, text, values: params } : { text, values: params },
    );
    client.release();
    return rows;
  } catch (error) {
    // As pool.query does: a connection whose statement failed is not handed out again.
    client.release(error as Error);
    throw error;
  }
}
