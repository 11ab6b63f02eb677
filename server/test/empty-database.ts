// A new, empty database on the test run's PostgreSQL (no template, no migrations): what a restore or a
// first server start finds. Named lp_test_… so the run's teardown drops any left behind.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './global-setup';

export interface EmptyDatabase {
  url: string;
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
  return {
    url: databaseUrl(inject('adminUrl'), name),
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  };
}
