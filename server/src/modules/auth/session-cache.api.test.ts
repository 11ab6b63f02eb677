// The session cache (decision 0034): reads are answered from memory only while PostgreSQL's change
// announcements are heard; writes always check the database; a write on this server, an
// announcement, a lost or deaf listening connection each empty it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { heldListeners } from '../../../test/held-listener';
import { eventually } from '../../../test/server-process';
import { useTestApp } from '../../../test/test-app';
import { SessionCache } from './session-cache';

const t = useTestApp();

const servers: FastifyInstance[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

/** A second server on the same database whose listening connection the test controls. */
async function serverWithHeldListener(overrides: Partial<Config> = {}) {
  const listeners = heldListeners(t.databaseUrl);
  const server = await buildApp({
    db: t.db,
    pool: t.pool,
    config: { ...t.config, ...overrides },
    createSessionListener: listeners.create,
  });
  servers.push(server);
  await server.ready();
  const cache = server.sessionCache;
  if (cache) await eventually('the session cache is on', () => cache.isActive, 10_000);
  return { server, listeners };
}

const readOwnRecord = (server: FastifyInstance, token: string, id: number) =>
  server
    .inject({ method: 'GET', url: `/api/users/${id}`, headers: { authorization: `Bearer ${token}` } })
    .then((res) => res.statusCode);
const logout = (server: FastifyInstance, token: string) =>
  server
    .inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } })
    .then((res) => res.statusCode);
const deactivate = (id: number) => t.db.update(users).set({ isActive: false }).where(eq(users.id, id));

describe('the session cache of a server', () => {
  let server: FastifyInstance;
  let listeners: ReturnType<typeof heldListeners>;
  beforeAll(async () => {
    ({ server, listeners } = await serverWithHeldListener());
  });

  it('answers a read from memory until PostgreSQL announces the change; a write checks the database', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    expect(await readOwnRecord(server, token, user.id)).toBe(200);

    listeners.current().hold();
    await deactivate(user.id);
    await listeners.current().holdsOne();
    // Not announced yet: the read is answered from memory, as it was a moment before the change.
    expect(await readOwnRecord(server, token, user.id)).toBe(200);
    listeners.current().release();
    expect(await readOwnRecord(server, token, user.id)).toBe(401);

    const writer = await createUser(t.db);
    const writerToken = await t.login(writer.emailAddress);
    expect(await readOwnRecord(server, writerToken, writer.id)).toBe(200);
    listeners.current().hold();
    await deactivate(writer.id);
    expect(await logout(server, writerToken)).toBe(401);
    listeners.current().release();
  });

  it('checks the session of a GET that writes (an export marks its bookings) in the database', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const token = await t.login(admin.emailAddress);
    const exportAll = () =>
      server
        .inject({
          method: 'GET',
          url: '/api/transactions/export',
          headers: { authorization: `Bearer ${token}` },
        })
        .then((res) => res.statusCode);
    expect(await readOwnRecord(server, token, admin.id)).toBe(200);

    listeners.current().hold();
    await deactivate(admin.id);
    await listeners.current().holdsOne();
    expect(await readOwnRecord(server, token, admin.id)).toBe(200); // a read, from memory
    expect(await exportAll()).toBe(401);
    listeners.current().release();
  });

  it("forgets every session before answering a request that may write: the logout's next read is refused at once", async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const otherSession = await t.login(user.emailAddress);
    expect(await readOwnRecord(server, token, user.id)).toBe(200);
    expect(await readOwnRecord(server, otherSession, user.id)).toBe(200);

    listeners.current().hold();
    expect(await logout(server, token)).toBe(204);
    expect(await readOwnRecord(server, token, user.id)).toBe(401);
    expect(await readOwnRecord(server, otherSession, user.id)).toBe(200);
    listeners.current().release();
  });

  it('refuses a token logged out on another server once PostgreSQL announces it', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    // t.app listens without holding anything back, as every server in production does.
    await expect.poll(() => t.app.sessionCache?.isActive).toBe(true);
    expect(await readOwnRecord(t.app, token, user.id)).toBe(200);
    expect(await logout(server, token)).toBe(204);
    await expect.poll(() => readOwnRecord(t.app, token, user.id), { timeout: 2_000 }).toBe(401);
  });

  it('answers from the database once its listening connection is lost, and listens again on a new one', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    expect(await readOwnRecord(server, token, user.id)).toBe(200);
    const lost = listeners.current();
    const { rows } = await lost.query<{ pid: number }>('select pg_backend_pid() as pid');
    lost.hold();
    await deactivate(user.id);
    // The announcement never arrives on this connection; its end alone must empty the cache.
    await t.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await expect.poll(() => readOwnRecord(server, token, user.id)).toBe(401);

    await expect.poll(() => listeners.current() !== lost && server.sessionCache?.isActive).toBe(true);
    const next = await createUser(t.db);
    const nextToken = await t.login(next.emailAddress);
    expect(await readOwnRecord(server, nextToken, next.id)).toBe(200);
    listeners.current().hold();
    await deactivate(next.id);
    await listeners.current().holdsOne();
    expect(await readOwnRecord(server, nextToken, next.id)).toBe(200); // from memory again
    listeners.current().release();
    expect(await readOwnRecord(server, nextToken, next.id)).toBe(401);
  });

  it('answers from the database when its heartbeat does not come back (a connection that no longer hears)', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    expect(await readOwnRecord(server, token, user.id)).toBe(200);
    const deaf = listeners.current();
    deaf.hold();
    await deactivate(user.id);
    await deaf.query('UNLISTEN *');
    // Within two heartbeats (2 s each) the server stops trusting it.
    await expect.poll(() => readOwnRecord(server, token, user.id), { timeout: 8_000 }).toBe(401);
    await expect.poll(() => listeners.current() !== deaf && server.sessionCache?.isActive).toBe(true);
  });

  it('with SESSION_CACHE=off checks every read in the database', async () => {
    const { server: uncached } = await serverWithHeldListener({ sessionCache: false });
    expect(uncached.sessionCache).toBeUndefined();
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    expect(await readOwnRecord(uncached, token, user.id)).toBe(200);
    await deactivate(user.id);
    expect(await readOwnRecord(uncached, token, user.id)).toBe(401);
  });
});

describe('SessionCache', () => {
  let cache: SessionCache<string>;
  beforeAll(async () => {
    cache = new SessionCache<string>({
      pool: t.pool,
      createListener: heldListeners(t.databaseUrl).create,
      log: { warn: () => undefined },
    });
    cache.start();
    await eventually('the session cache is on', () => cache.isActive, 10_000);
  });
  afterAll(() => cache.stop());

  it('does not keep an answer read while an invalidation happened', async () => {
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const slow = cache.lookup('1:a', () => {
      loads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    cache.invalidate();
    finish('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await cache.lookup('1:a', async () => ((loads += 1), 'read after'))).toBe('read after');
    expect(loads).toBe(2);
    expect(await cache.lookup('1:a', async () => ((loads += 1), 'again'))).toBe('read after');
  });

  it('keeps at most 10,000 answers and drops the oldest first', async () => {
    cache.invalidate();
    for (let index = 0; index <= 10_000; index += 1) await cache.lookup(`key ${index}`, async () => 'first');
    expect(await cache.lookup('key 0', async () => 'read again')).toBe('read again');
    expect(await cache.lookup('key 10000', async () => 'read again')).toBe('first');
  });
});
