// A new, empty database on the test run's PostgreSQL (no template, no migrations): what a restore or a
// first server start finds. Named lp_test_… so the run's teardown drops any left behind.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './global-setup';

export interface EmptyDatabase {
  url: string;
  /** One statement on a connection of its own. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** One statement on a connection of its own to the database at `url`; its rows. */
async function queryOnce<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const name = `lp_test_${crypto.randomBytes(6).toString('hex')}`;
  await queryOnce(inject('adminUrl'), `create database ${name}`);
  const url = databaseUrl(inject('adminUrl'), name);
  return {
    url,
    query: (text, values) => queryOnce(url, text, values),
    drop: async () => {
      await queryOnce(inject('adminUrl'), `drop database if exists ${name} with (force)`);
    },
  };
}
