// The last-admin rule checked on the service directly: through the API an admin always acts on
// itself when only one active admin is left, which the self rules refuse first.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { createCreditor } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import type { SessionUser } from '../auth/session-user';
import { deleteUser, updateUser } from './users.service';

const t = useTestApp();

// An admin whose session outlived its record (e.g. deleted a moment ago): the only way an actor
// other than the last admin itself can reach it.
const staleAdmin: SessionUser = {
  id: 2_000_000_000,
  emailAddress: 'weg@test.example',
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
  tokenVersion: 1,
  secondFactor: false,
};

describe('users service: the last active admin', () => {
  it('can be neither demoted, deactivated nor deleted', async () => {
    const [last] = await t.db.select().from(users).where(eq(users.emailAddress, ADMIN_EMAIL));
    const activeAdmins = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(sql`${users.isAdmin} and ${users.isActive}`)
      )[0]!.n;
    expect(await activeAdmins()).toBe(1);

    const { number: creditorNumber } = await createCreditor(t.db);
    for (const change of [{ isAdmin: false, creditorNumber }, { isActive: false }]) {
      expect(await updateUser(t.db, staleAdmin, last!.id, { emailAddress: ADMIN_EMAIL, ...change })).toEqual([
        { property: '', message: MASTER_DATA_MESSAGES.lastAdmin },
      ]);
    }
    await expect(deleteUser(t.db, staleAdmin, last!.id)).rejects.toMatchObject({
      statusCode: 409,
      errors: [
        { property: '', message: MASTER_DATA_MESSAGES.userDeleteFailed },
        { property: '', message: MASTER_DATA_MESSAGES.lastAdmin },
      ],
    });
    expect(await activeAdmins()).toBe(1);
    expect((await t.db.select().from(users).where(eq(users.id, last!.id)))[0]).toEqual(last);
  });
});
