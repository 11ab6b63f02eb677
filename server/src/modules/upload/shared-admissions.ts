// The per-user upload limit across every server on the database (decision 0014). Each admitted upload
// holds a row of upload_admissions, a lease: its server renews it while the upload runs and deletes
// it at the end; a server killed mid-upload stops renewing, so its rows expire and stop counting.
// A user's rows are counted and inserted under a transaction advisory lock of that user: two servers
// admitting the same user's uploads at the same moment cannot both see room for one more.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

/** Namespace of the (namespace, user id) advisory locks; distinct from the bookings' creditor locks. */
export const UPLOAD_ADMISSION_LOCK_NAMESPACE = 0x55504c44; // "UPLD"

export interface SharedAdmissionOptions {
  /** Uploads of one user admitted at once across all servers. */
  perUser: number;
  /** How long a lease lives without renewal (how soon a killed server's uploads stop counting). */
  leaseSeconds?: number;
  /** How often a server renews its leases. */
  renewSeconds?: number;
  onRenewalFailure?: (error: Error) => void;
}

export interface SharedLease {
  /** Gives the place back at once. Idempotent; a failure leaves the lease to expire. */
  release(): Promise<void>;
}

export interface SharedAdmissions {
  /** A lease for one more upload of the user, or undefined when the user already has perUser. */
  acquire(userId: number): Promise<SharedLease | undefined>;
  /** Stops renewing (the server shuts down; its leases are released by their uploads or expire). */
  close(): void;
}

export function createSharedAdmissions(
  db: Db,
  { perUser, leaseSeconds = 60, renewSeconds = 15, onRenewalFailure }: SharedAdmissionOptions,
): SharedAdmissions {
  const held = new Set<string>();
  const renew = async () => {
    try {
      if (held.size > 0) {
        // One array parameter in PostgreSQL's literal form (drizzle would spread a JS array).
        const ids = `{${[...held].join(',')}}`;
        await db.execute(sql`update upload_admissions
                                set expires_at = now() + make_interval(secs => ${leaseSeconds})
                              where id = any(${ids}::uuid[])`);
      }
      // Leases of servers that died (and of users who never uploaded again) are removed here.
      await db.execute(sql`delete from upload_admissions where expires_at < now()`);
    } catch (error) {
      onRenewalFailure?.(error as Error);
    }
  };
  const timer = setInterval(() => void renew(), renewSeconds * 1000);
  timer.unref();

  return {
    async acquire(userId) {
      const id = crypto.randomUUID();
      const admitted = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${UPLOAD_ADMISSION_LOCK_NAMESPACE}::int, ${userId}::int)`,
        );
        const { rows } = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from upload_admissions where user_id = ${userId} and expires_at > now()`,
        );
        if (rows[0]!.n >= perUser) return false;
        await tx.execute(sql`insert into upload_admissions (id, user_id, expires_at)
                             values (${id}, ${userId}, now() + make_interval(secs => ${leaseSeconds}))`);
        return true;
      });
      if (!admitted) return undefined;
      held.add(id);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          held.delete(id);
          await db.execute(sql`delete from upload_admissions where id = ${id}`).catch(() => undefined);
        },
      };
    },
    close() {
      clearInterval(timer);
    },
  };
}
