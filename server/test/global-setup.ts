// Starts one PostgreSQL for the whole API test run (the embedded one, or the server named by
// DATABASE_URL) and prepares a migrated template database; each test file clones it (fast).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connection';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

// PostgreSQL logs every expected constraint violation of the tests as ERROR: not printed.
const quiet = { info: () => undefined, warn: console.warn, error: () => undefined, debug: () => undefined };

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const externalUrl = process.env.DATABASE_URL;
  const dataDir = externalUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-'));
  const embedded = dataDir ? await startEmbeddedPostgres(dataDir, quiet) : undefined;
  const adminUrl = externalUrl ?? embedded!.adminUrl;
  const templateDatabase = `lp_template_${crypto.randomBytes(4).toString('hex')}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  const template = connect(databaseUrl(adminUrl, templateDatabase), 1);
  await runMigrations(template.db);
  await template.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'lp_test_%' or datname = $1`,
      [templateDatabase],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
