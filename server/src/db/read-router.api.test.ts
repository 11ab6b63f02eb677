// The read/write router (decision 0085) on one database: what it decides without a replica, with a
// second server that is not in recovery, and with the primary unreachable. The real streaming replica,
// its lag and the primary stopped under load: server/replica (npm run test:replica).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, readConfig } from '../config';
import { bookingBody, createUser, createWorld, type World } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { connect, type Connection } from './connection';
import { DbRouter, isReplicaHandle, parseLsn, ReplicaBehindError } from './read-router';
import { isDatabaseUnavailable } from '../lib/pg-errors';

const t = useTestApp();
let second: Connection;
/** Nothing listens on port 1: connecting is refused at once, as to a stopped primary. */
let unreachable: Connection;

beforeAll(() => {
  second = connect(t.databaseUrl, 2);
  unreachable = connect('postgres://postgres@127.0.0.1:1/postgres', 1);
});
afterAll(async () => {
  await second.close();
  await unreachable.close();
});

const storedLsn = async (userId: number) =>
  (
    await t.pool.query<{ lsn: string }>('select lsn::text as lsn from read_your_writes where user_id = $1', [
      userId,
    ])
  ).rows[0]?.lsn;

describe('DATABASE_READ_URL', () => {
  it('names the replica of DATABASE_URL, and is refused without it', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URL: 'postgres://r/db' });
    expect(config.databaseReadUrl).toBe('postgres://r/db');
    expect(readConfig({ DATABASE_URL: 'postgres://p/db' }).databaseReadUrl).toBeUndefined();
    expect(() => readConfig({ DATABASE_READ_URL: 'postgres://r/db' })).toThrow(ConfigError);
  });
});

describe('parseLsn', () => {
  it('orders WAL positions as PostgreSQL does', async () => {
    const texts = ['0/0', '0/FFFFFFFF', '1/0', '1/A', '16/B374D848', 'FFFFFFFF/FFFFFFFF'];
    const { rows } = await t.pool.query<{ lsn: string }>(
      'select lsn::text as lsn from unnest($1::pg_lsn[]) as lsn order by lsn desc',
      [texts],
    );
    const byUs = [...texts].sort((a, b) => (parseLsn(b) > parseLsn(a) ? 1 : -1));
    expect(byUs).toEqual(rows.map((r) => r.lsn));
  });

  it('refuses what is not a WAL position', () => {
    expect(() => parseLsn('12')).toThrow();
    expect(() => parseLsn('G/1')).toThrow();
  });
});

describe('DbRouter', () => {
  it('without a replica reads from the primary and keeps no positions', async () => {
    const user = await createUser(t.db);
    const router = new DbRouter(t.db);
    expect(await router.chooseRead(user.id)).toBe('primary');
    await router.noteWrite(user.id);
    expect(await storedLsn(user.id)).toBeUndefined();
    expect(await router.read(user.id, async (db) => db === t.db)).toBe(true);
  });

  it('reads from the replica for a user without writes, and keeps a write’s position on the primary', async () => {
    const user = await createUser(t.db);
    const router = new DbRouter(t.db, second.db);
    expect(isReplicaHandle(second.db)).toBe(true);
    expect(isReplicaHandle(t.db)).toBe(false);
    expect(await router.chooseRead(user.id)).toBe('replica');

    const { rows } = await t.pool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    await router.noteWrite(user.id);
    const kept = await storedLsn(user.id);
    expect(parseLsn(kept!)).toBeGreaterThanOrEqual(parseLsn(rows[0]!.lsn));
    // A second server that is not in recovery cannot say what it replayed: the primary answers.
    expect(await router.chooseRead(user.id)).toBe('primary');
    // Another server of the same database sees the kept position too.
    expect(await new DbRouter(t.db, second.db).chooseRead(user.id)).toBe('primary');
  });

  it('replaces a position from another cluster (a restore) by the current one', async () => {
    const user = await createUser(t.db);
    await t.pool.query(`insert into read_your_writes (user_id, lsn) values ($1, 'FFFFFFFF/0')`, [user.id]);
    await new DbRouter(t.db, second.db).noteWrite(user.id);
    expect(parseLsn((await storedLsn(user.id))!)).toBeLessThan(parseLsn('FFFFFFFF/0'));
  });

  it('reads from the replica while the primary is unreachable, and fails writes as unavailable', async () => {
    const user = await createUser(t.db);
    const warned: unknown[] = [];
    const router = new DbRouter(unreachable.db, second.db, { onPrimaryUnavailable: (e) => warned.push(e) });
    expect(await router.chooseRead(user.id)).toBe('replica');
    expect(warned).toHaveLength(1);
    expect(await router.read(user.id, async (db) => db === second.db)).toBe(true);
    // The session check of a read falls back the same way.
    expect(await router.readWithFallback(async (db) => db === second.db)).toBe(true);
    const write = await router.primary.$client.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(write)).toBe(true);
    await expect(router.noteWrite(user.id)).rejects.toSatisfy(isDatabaseUnavailable);
  });

  it('reads from the primary when the replica is unreachable', async () => {
    const user = await createUser(t.db);
    const router = new DbRouter(t.db, unreachable.db);
    const { rows } = await router.read(user.id, (db) => db.$client.query<{ n: number }>('select 1 as n'));
    expect(rows[0]!.n).toBe(1);
    expect(router.served).toEqual({ replica: 1, primary: 1 });
    await router.noteWrite(user.id);
    // A write to show, and a replica that cannot say what it replayed: the primary.
    expect(await router.chooseRead(user.id)).toBe('primary');
  });

  it('is answered as an unavailable database when the replica lacks the write and the primary is gone', () => {
    expect(isDatabaseUnavailable(new ReplicaBehindError())).toBe(true);
  });
});

describe('routes reading through the router', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await buildApp({
      db: t.db,
      pool: t.pool,
      readDb: second.db,
      config: t.config,
      checkResponses: true,
    });
    await app.ready();
    w = await createWorld(t);
  });
  afterAll(async () => {
    await app.close();
  });
  const get = (token: string, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('serves the list, a booking, the Meldestatus and the audit from the replica until the caller writes', async () => {
    const before = { ...app.dbRouter.served };
    expect((await get(w.supplierToken, '/api/transactions')).statusCode).toBe(200);
    expect((await get(w.supplierToken, '/api/reporting-status')).statusCode).toBe(200);
    expect((await get(w.adminToken, '/api/audit?entity=creditor&id=' + w.creditorNumber)).statusCode).toBe(
      200,
    );
    expect(app.dbRouter.served.replica - before.replica).toBe(3);

    const saved = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${w.supplierToken}` },
      payload: bookingBody(w),
    });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json() as { id: number };
    const afterWrite = { ...app.dbRouter.served };
    const own = await get(w.supplierToken, `/api/transactions/${id}`);
    expect(own.statusCode).toBe(200);
    const list = (await get(w.supplierToken, '/api/transactions')).json() as { total: number };
    expect(list.total).toBe(1);
    expect(app.dbRouter.served.primary - afterWrite.primary).toBe(2);
    // The admin has not written: still the replica.
    expect((await get(w.adminToken, `/api/transactions/${id}`)).statusCode).toBe(200);
    expect(app.dbRouter.served.replica - afterWrite.replica).toBe(1);
  });

  it('keeps a position only after a request that may write, not after a read or a refused caller', async () => {
    const reader = await createUser(t.db);
    const token = await t.login(reader.emailAddress);
    expect((await get(token, '/api/transactions')).statusCode).toBe(200);
    expect(await storedLsn(reader.id)).toBeUndefined();
    const anonymous = await app.inject({ method: 'POST', url: '/api/transactions', payload: bookingBody(w) });
    expect(anonymous.statusCode).toBe(401);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await storedLsn(reader.id)).toBeDefined();
  });
});
