// The first start as a person sees it on a terminal (issue 56), through a pseudo-terminal from
// util-linux's `script`: readable log lines and a banner with the address and the generated
// password; without a terminal (a service, a container, CI) JSON lines and no banner.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, eventually, login, startServer, waitForReady } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-first-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await cleanUp(dir);
});

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

describe('the first start', () => {
  it('on a terminal: readable lines, then the address and the generated admin password', async () => {
    const dataDir = freshDir();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
    for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete env[name];
    const command = `${quote(process.execPath)} --import tsx server/src/main.ts`;
    const terminal = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env });
    let out = '';
    terminal.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise((resolve) => terminal.on('exit', resolve));
    await eventually('the banner', () => out.includes('Beenden (stop)'), 150_000);
    // Ctrl+C on the terminal: the server shuts down as on SIGINT.
    terminal.stdin.write('\x03');
    await exited;

    const text = out.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''); // without colours
    const password = /Passwort \(password\): {2}(\S+)/.exec(text)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const url = /Im Browser öffnen \(open in a browser\): {2}(http:\/\/localhost:\d+)/.exec(text)?.[1];
    expect(url).toBeDefined();
    expect(text).toMatch(/Benutzer \(user\): +admin@localhost/);
    // Readable lines, no JSON.
    expect(text).not.toMatch(/^\{"level"/m);
    expect(text).toMatch(/\d\d:\d\d:\d\d\S* INFO.*Lieferantenportal ist bereit/);
  }, 240_000);

  it('without a terminal: JSON lines only, the password in one of them, no banner', async () => {
    const dataDir = freshDir();
    const server = startServer(dataDir, { ADMIN_PASSWORD: undefined });
    const port = await waitForReady(server);
    expect((await login(port)).status).toBe(400); // the lifecycle password was not used
    const lines = server.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(server.output()).toMatch(/Administrator admin@lifecycle\.example angelegt mit dem Passwort \S+/);
    expect(server.output()).not.toContain('Beenden (stop)');
    server.child.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
