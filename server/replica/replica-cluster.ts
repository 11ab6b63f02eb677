// A primary PostgreSQL and a streaming replica made from it by `pg_basebackup -R`, from Debian's
// binaries (/usr/lib/postgresql/<newest>/bin, or PG_BIN), for `npm run test:replica`. PostgreSQL
// refuses to run as root: as root every command runs as the `postgres` user, from / (the checkout
// may be a directory that user cannot enter), as .ci/run does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ReplicaCluster {
  pgBin: string;
  dir: string;
  primaryPort: number;
  replicaPort: number;
}

function newestPgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest)
    throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (apt install postgresql)');
  return path.join(root, newest, 'bin');
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs a shell command line as the postgres user (as root) or as oneself. */
export function asPostgres(command: string): string {
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { cwd: '/', encoding: 'utf8' })
    : execFileSync('/bin/sh', ['-c', command], { cwd: '/', encoding: 'utf8' });
}

function pgCtl(cluster: ReplicaCluster, which: 'primary' | 'replica', action: string): void {
  const data = path.join(cluster.dir, which);
  const port = which === 'primary' ? cluster.primaryPort : cluster.replicaPort;
  const log = path.join(cluster.dir, `${which}.log`);
  const options = `-p ${port} -k ${cluster.dir} -c listen_addresses=127.0.0.1`;
  asPostgres(
    `${quote(path.join(cluster.pgBin, 'pg_ctl'))} -D ${quote(data)} -w -t 60 -l ${quote(log)} -o ${quote(options)} ${action} >/dev/null`,
  );
}

export const startPrimary = (c: ReplicaCluster) => pgCtl(c, 'primary', 'start');
/** A fast shutdown: sessions are ended, and the WAL up to the shutdown checkpoint reaches the replica. */
export const stopPrimary = (c: ReplicaCluster) => pgCtl(c, 'primary', '-m fast stop');

export const primaryUrl = (c: ReplicaCluster, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${c.primaryPort}/${database}`;
export const replicaUrl = (c: ReplicaCluster, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${c.replicaPort}/${database}`;

/** Two ports below the ephemeral range that nothing listens on (CI's other PostgreSQL uses 15432-15451). */
async function freePorts(): Promise<[number, number]> {
  const net = await import('node:net');
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  const found: number[] = [];
  for (let port = 15461; port < 15561 && found.length < 2; port++) if (await isFree(port)) found.push(port);
  if (found.length < 2) throw new Error('no free ports for the replica test cluster');
  return [found[0]!, found[1]!];
}

export async function createReplicaCluster(): Promise<ReplicaCluster> {
  const pgBin = newestPgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-replica-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const [primaryPort, replicaPort] = await freePorts();
  const cluster: ReplicaCluster = { pgBin, dir, primaryPort, replicaPort };
  const bin = (name: string) => quote(path.join(pgBin, name));
  asPostgres(
    `${bin('initdb')} -D ${quote(path.join(dir, 'primary'))} -A trust -U postgres --locale=C.UTF-8 >/dev/null`,
  );
  // wal_level replica and WAL senders are PostgreSQL's defaults; named so that a changed default
  // cannot silently break the replica. initdb's pg_hba.conf already admits replication from
  // 127.0.0.1 (trust, -A trust).
  fs.appendFileSync(
    path.join(dir, 'primary', 'postgresql.conf'),
    '\nwal_level = replica\nmax_wal_senders = 5\nhot_standby = on\nfsync = off\n',
  );
  startPrimary(cluster);
  asPostgres(
    `${bin('psql')} -h 127.0.0.1 -p ${primaryPort} -U postgres -qAtc ${quote('create role replicator with login replication')}`,
  );
  asPostgres(
    `${bin('pg_basebackup')} -h 127.0.0.1 -p ${primaryPort} -U replicator -D ${quote(path.join(dir, 'replica'))} -R -X stream -c fast`,
  );
  pgCtl(cluster, 'replica', 'start');
  return cluster;
}

export function destroyReplicaCluster(cluster: ReplicaCluster): void {
  for (const which of ['replica', 'primary'] as const) {
    try {
      pgCtl(cluster, which, '-m immediate stop');
    } catch {
      // already stopped
    }
  }
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
