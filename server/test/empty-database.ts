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

async function onAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const name = `lp_test_${crypto.randomBytes(6).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const url = databaseUrl(inject('adminUrl'), name);
  return {
    url,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  };
}
