// The per-user upload limit across servers (decision 0014): two admission instances on one database
// stand for two servers; their leases count together, a release frees a place at once, and a dead
// server's leases stop counting at once (its presence lock is gone).
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '@lp/domain/limits';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import {
  createSharedAdmissions,
  SERVER_PRESENCE_LOCK_NAMESPACE,
  type SharedAdmissions,
  type SharedLease,
} from './shared-admissions';

const t = useTestApp();
const instances: SharedAdmissions[] = [];
afterAll(() => instances.forEach((i) => i.close()));

function server(options: { leaseSeconds?: number; renewSeconds?: number } = {}) {
  const instance = createSharedAdmissions(t.db, { perUser: UPLOADS_PER_USER, ...options });
  instances.push(instance);
  return instance;
}

describe('shared upload admissions', () => {
  it(`admits ${UPLOADS_PER_USER} uploads of a user across both servers, the next one on neither`, async () => {
    const [a, b] = [server(), server()];
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    // Admitted concurrently on both servers: the user's lock lets exactly the limit through.
    const leases = await Promise.all(
      Array.from({ length: UPLOADS_PER_USER + 2 }, (_, i) => (i % 2 === 0 ? a : b).acquire(user.id)),
    );
    const held = leases.filter((l): l is SharedLease => l !== undefined);
    expect(held).toHaveLength(UPLOADS_PER_USER);
    expect(await a.acquire(user.id)).toBeUndefined();
    expect(await b.acquire(user.id)).toBeUndefined();
    // Another user is not affected.
    expect(await b.acquire(other.id)).toBeDefined();

    await held[0]!.release();
    await held[0]!.release(); // idempotent: frees one place, not two
    expect(await b.acquire(user.id)).toBeDefined();
    expect(await a.acquire(user.id)).toBeUndefined();
  });

  it('stops counting the leases of a server that died at once; a live server renews its own', async () => {
    const dead = server({ leaseSeconds: 1, renewSeconds: 0.2 });
    const live = server({ leaseSeconds: 1, renewSeconds: 0.2 });
    const user = await createUser(t.db);
    for (let i = 0; i < UPLOADS_PER_USER - 1; i++) expect(await dead.acquire(user.id)).toBeDefined();
    const running = await live.acquire(user.id);
    expect(running).toBeDefined();
    expect(await live.acquire(user.id)).toBeUndefined();
    dead.close(); // its connection gone, as when the process is killed: no renewal, no release
    // Its presence lock went with its connection: its leases no longer count (once PostgreSQL has
    // noticed the connection is gone).
    await expect.poll(async () => (await live.acquire(user.id)) !== undefined).toBe(true);
    await new Promise((r) => setTimeout(r, 1600));
    // The dead server's rows are cleaned up; the live one's uploads (renewed) still count.
    const { rows } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from upload_admissions where user_id = $1 and expires_at > now()',
      [user.id],
    );
    expect(rows[0]!.n).toBe(2);
    expect(await live.acquire(user.id)).toBeDefined();
    expect(await live.acquire(user.id)).toBeUndefined();
  });

  it('forgets its own leases left over from before the database connection was lost', async () => {
    const a = server();
    const user = await createUser(t.db);
    const running = await a.acquire(user.id);
    expect(running).toBeDefined();
    const { rows } = await t.pool.query<{ key: number }>(
      'select server_key as key from upload_admissions where user_id = $1',
      [user.id],
    );
    const key = rows[0]!.key;
    // Two uploads that ended while the database was gone: their releases could not delete the rows.
    for (let i = 0; i < UPLOADS_PER_USER - 1; i++) {
      await t.pool.query(
        `insert into upload_admissions (id, user_id, server_key, expires_at)
         values (gen_random_uuid(), $1, $2, now() + interval '60 seconds')`,
        [user.id, key],
      );
    }
    expect(await a.acquire(user.id)).toBeUndefined(); // a server's own leases count
    // The database connection carrying the presence is lost (as in a restart of PostgreSQL).
    await t.pool.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and objsubid = 2 and classid::bigint = $1 and objid::bigint = $2`,
      [SERVER_PRESENCE_LOCK_NAMESPACE, key],
    );
    // Present again (long before its next renewal), the server drops the left-over leases and keeps
    // the one it holds: the user has two places again, not none.
    await expect.poll(async () => (await a.acquire(user.id)) !== undefined).toBe(true);
    expect(await a.acquire(user.id)).toBeDefined();
    expect(await a.acquire(user.id)).toBeUndefined();
    const left = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from upload_admissions where user_id = $1',
      [user.id],
    );
    expect(left.rows[0]!.n).toBe(UPLOADS_PER_USER);
  });
});
