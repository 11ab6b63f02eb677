// A wrong variable stops the real server process before anything else: one German line naming the
// variable, exit code 1, no stack trace (issue 56). The env file (ENV_FILE or ./.env) is read first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(env: NodeJS.ProcessEnv, script = 'server/src/main.ts') {
  const full: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(tmp, 'data'), PORT: '0', ...env };
  delete full.DATABASE_URL;
  if (env.DATABASE_URL !== undefined) full.DATABASE_URL = env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: full });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

function expectOneGermanLine(result: Awaited<ReturnType<typeof run>>, variable: string) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Ungültige Konfiguration: ${variable}: `));
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|\{"level"/);
}

describe('a wrong configuration', () => {
  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['PORT', 'achtzig'],
    ['PORT', '70000'],
    ['TOKEN_LIFETIME_MINUTES', '0'],
    ['HSTS', 'ja'],
    ['TRUST_PROXY', 'true'],
    ['MFA_FOR_ADMINS', 'immer'],
  ])(
    '%s=%j stops the server with one German line and exit code 1',
    async (variable, value) => {
      expectOneGermanLine(await run({ [variable]: value }), variable);
    },
    60_000,
  );

  it('refuses a DATABASE_URL whose password is not encoded, without repeating it', async () => {
    const urls = ['postgres://lp:ab/c@db:5432/lp', 'postgres://lp:a#b@db/lp', 'mysql://lp:x@db/lp', 'db'];
    const results = await Promise.all(urls.map((url) => run({ DATABASE_URL: url })));
    results.forEach((result, i) => {
      expectOneGermanLine(result, 'DATABASE_URL');
      expect(result.stderr).toMatch(/prozentkodiert/);
      expect(result.stderr).not.toContain(urls[i]);
    });
  }, 120_000);

  it('is read from the env file (ENV_FILE), where set variables win; a missing ENV_FILE is an error', async () => {
    const file = path.join(tmp, 'test.env');
    fs.writeFileSync(file, '# comment\nLOG_LEVEL=verbose\nPORT=0\n');
    expectOneGermanLine(await run({ LOG_LEVEL: undefined, ENV_FILE: file }), 'LOG_LEVEL');
    expectOneGermanLine(await run({ ENV_FILE: file, LOG_LEVEL: 'info', PORT: 'x' }), 'PORT');
    // The command-line tools read it too.
    const migrate = await run({ LOG_LEVEL: undefined, ENV_FILE: file }, 'server/src/db/migrate-cli.ts');
    expectOneGermanLine(migrate, 'LOG_LEVEL');
    expectOneGermanLine(await run({ ENV_FILE: path.join(tmp, 'none.env') }), 'ENV_FILE');
  }, 120_000);
});
