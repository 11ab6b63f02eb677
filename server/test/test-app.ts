// A fresh database (cloned from the migrated template) and a built app for one test file.
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { readConfig, type Config } from '../src/config';
import { connect, type Connection } from '../src/db/connection';
import { seedSystemRecords } from '../src/db/seed-system-records';
import { databaseUrl } from './global-setup';

export const ADMIN_EMAIL = 'admin@test.example';
export const TEST_PASSWORD = 'Test-Passwort-123';

export interface TestApp {
  app: FastifyInstance;
  db: Connection['db'];
  pool: Connection['pool'];
  config: Config;
  /** Connection string of this file's database. */
  databaseUrl: string;
  /** Logs in through POST /api/getsecuretoken and returns the access token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with a bearer token. */
  request(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const name = `lp_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();

  const url = databaseUrl(adminUrl, name);
  const connection = connect(url, 5);
  await seedSystemRecords(connection.db, {
    adminEmail: ADMIN_EMAIL,
    adminPassword: TEST_PASSWORD,
    log: { info: () => undefined, warn: () => undefined },
  });
  const config: Config = {
    ...readConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }),
    webDistDir: undefined,
    ...overrides,
  };
  const app = await buildApp({
    db: connection.db,
    pool: connection.pool,
    config,
    checkResponses: true,
  });
  await app.ready();

  const request: TestApp['request'] = (token, options) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const login: TestApp['login'] = async (email, password = TEST_PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/getsecuretoken',
      payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  };

  return {
    app,
    db: connection.db,
    pool: connection.pool,
    config,
    databaseUrl: url,
    login,
    request,
    async close() {
      await app.close();
      await connection.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Registers beforeAll/afterAll for a test file and returns a handle filled in beforeAll. */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const handle = {} as TestApp;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestApp(overrides);
    close = created.close;
    Object.assign(handle, created);
  });
  afterAll(async () => {
    await close?.();
  });
  return handle;
}
