// Real server processes for the lifecycle tests: the tsx server started as a child on its own
// DATA_DIR (embedded PostgreSQL), with its output collected, plus access to the cluster it runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive } from '../src/db/server-lock';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const LIFECYCLE_ADMIN = { email: 'admin@lifecycle.example', password: 'Lifecycle-Passwort-1' };
const running = new Set<ChildProcess>();

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  env.ADMIN_EMAIL = LIFECYCLE_ADMIN.email;
  env.ADMIN_PASSWORD = LIFECYCLE_ADMIN.password;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env });
  running.add(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => out, exited };
}

export async function waitForReady(server: ServerProcess): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /bereit: http:\/\/localhost:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

function postmasterPidLines(dataDir: string): string[] {
  return fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
}

export function postmasterPid(dataDir: string): number {
  return Number(postmasterPidLines(dataDir)[0]);
}

/** Connects to the embedded cluster the way an operator would: port from postmaster.pid. */
export async function clusterClient(dataDir: string): Promise<pg.Client> {
  const port = postmasterPidLines(dataDir)[3];
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'lieferantenportal',
  });
  await client.connect();
  return client;
}

/** Resolves once `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

export async function login(
  port: number,
  email = LIFECYCLE_ADMIN.email,
  password = LIFECYCLE_ADMIN.password,
) {
  const res = await fetch(`http://localhost:${port}/api/getsecuretoken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
  });
  return res;
}

/** Kills what a test left running and removes its data directory. */
export async function cleanUp(dataDir: string): Promise<void> {
  for (const child of running) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = postmasterPid(dataDir);
    if (isProcessAlive(pid)) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 1000));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
