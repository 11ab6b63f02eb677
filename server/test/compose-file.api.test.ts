// compose.yaml as an operator runs it (issue 56): the database password reaches the app beside the
// URL (a drawn password with `/` broke the URL), the stop grace outlasts the server's drain, and
// the port is published on this host only.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { FORCED_EXIT_MS } from '../src/http/shutdown';
import { useTestApp } from './test-app';

const compose = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../compose.yaml'), 'utf8')) as {
  services: Record<
    string,
    { environment: Record<string, string>; ports?: string[]; stop_grace_period?: string }
  >;
};
const app = compose.services.app!;
const t = useTestApp();

/** What compose makes of `${VAR:?…}` and `${VAR:-default}` with these variables set. */
const interpolate = (text: string, vars: Record<string, string>) =>
  text.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_m, name: string, fallback = '') => vars[name] ?? fallback);

const ROLE = 'compose_password_check';
afterAll(async () => {
  await t.pool.query(`drop role if exists ${ROLE}`);
});

describe('compose.yaml', () => {
  it('passes a password with / @ : # beside the URL, and the app connects with it', async () => {
    const password = 'a/b@c:d#e+f=g%h';
    const { rows } = await t.pool.query<{ db: string }>('select current_database() as db');
    await t.pool.query(`create role ${ROLE} login password '${password.replaceAll("'", "''")}'`);
    const vars = { POSTGRES_PASSWORD: password, ADMIN_PASSWORD: 'x' };
    const env = Object.fromEntries(
      Object.entries(app.environment).map(([key, value]) => [key, interpolate(String(value), vars)]),
    );
    expect(env.DATABASE_URL).not.toContain(password);
    expect(env.PGPASSWORD).toBe(password);
    // The server's configuration accepts the URL as compose builds it.
    expect(readConfig(env).databaseUrl).toBe(env.DATABASE_URL);

    // Against this test's PostgreSQL (password authentication): same user part, host and database
    // as compose's URL, with PGPASSWORD in the environment as the container has it.
    const composed = new URL(env.DATABASE_URL!);
    const target = new URL(t.pool.options.connectionString!);
    const url = `postgres://${ROLE}@${target.host}/${rows[0]!.db}`;
    expect(composed.password).toBe('');
    const saved = process.env.PGPASSWORD;
    process.env.PGPASSWORD = env.PGPASSWORD;
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows: who } = await client.query<{ user: string }>('select current_user as user');
      expect(who[0]!.user).toBe(ROLE);
      await client.end();
      // The old way, the raw password inside the URL, is refused at start with a clear line.
      expect(() =>
        readConfig({ DATABASE_URL: `postgres://lieferantenportal:${password}@db:5432/lieferantenportal` }),
      ).toThrow(/DATABASE_URL/);
    } finally {
      if (saved === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = saved;
    }
  });

  it('waits longer than the server drains before killing it, and publishes the port on 127.0.0.1', () => {
    const grace = /^(\d+)s$/.exec(app.stop_grace_period ?? '');
    expect(Number(grace?.[1]) * 1000).toBeGreaterThan(FORCED_EXIT_MS);
    expect(app.ports).toHaveLength(1);
    expect(interpolate(app.ports![0]!, {})).toBe('127.0.0.1:3000:3000');
  });
});

describe('docker/systemd/lieferantenportal.service', () => {
  it('waits longer than the server drains, and does not restart a wrong configuration in a loop', () => {
    const unit = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docker/systemd/lieferantenportal.service'),
      'utf8',
    );
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
    expect(Number(setting('TimeoutStopSec')) * 1000).toBeGreaterThan(FORCED_EXIT_MS);
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(setting('RestartPreventExitStatus')).toBe('1');
    expect(setting('ExecStart')).toMatch(/server\/dist\/main\.mjs$/);
  });
});
