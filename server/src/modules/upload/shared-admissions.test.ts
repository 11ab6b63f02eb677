// The per-user upload limit across servers (decision 0014): two admission instances on one database
// stand for two servers; their leases count together, a release frees a place at once, and a dead
// server's leases stop counting when they expire.
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '@lp/domain/limits';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { createSharedAdmissions, type SharedAdmissions, type SharedLease } from './shared-admissions';

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

  it('stops counting the leases of a server that died once they expire; a live server renews its own', async () => {
    const dead = server({ leaseSeconds: 1, renewSeconds: 0.2 });
    const live = server({ leaseSeconds: 1, renewSeconds: 0.2 });
    const user = await createUser(t.db);
    for (let i = 0; i < UPLOADS_PER_USER - 1; i++) expect(await dead.acquire(user.id)).toBeDefined();
    const running = await live.acquire(user.id);
    expect(running).toBeDefined();
    dead.close(); // killed: no renewal, no release
    expect(await live.acquire(user.id)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1600));
    // The dead server's leases are gone; the live one's upload (renewed) still counts.
    const { rows } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from upload_admissions where user_id = $1 and expires_at > now()',
      [user.id],
    );
    expect(rows[0]!.n).toBe(1);
    for (let i = 0; i < UPLOADS_PER_USER - 1; i++) expect(await live.acquire(user.id)).toBeDefined();
    expect(await live.acquire(user.id)).toBeUndefined();
  });
});
