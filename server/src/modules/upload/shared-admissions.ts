// The per-user upload limit across every server on the database (decision 0014). Each admitted upload
// holds a row of upload_admissions, a lease: its server renews it while the upload runs and deletes
// it at the end. A lease counts only while its server is alive: every server holds a session
// advisory lock of its own (its presence) on one connection, and PostgreSQL drops that lock the
// moment the server's connection dies (SIGKILL, crash), so a killed server's uploads stop counting at
// once instead of blocking their users until the leases expire. Expiry remains as the clean-up.
// A user's rows are counted and inserted under a transaction advisory lock of that user: two servers
// admitting the same user's uploads at the same moment cannot both see room for one more.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/connection';

/** Namespace of the (namespace, user id) advisory locks; distinct from the bookings' creditor locks. */
export const UPLOAD_ADMISSION_LOCK_NAMESPACE = 0x55504c44; // "UPLD"
/** Namespace of the servers' presence locks (namespace, server key). */
export const SERVER_PRESENCE_LOCK_NAMESPACE = 0x4c505356; // "LPSV"

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
  const serverKey = crypto.randomInt(1, 2 ** 31 - 1);
  /** Resolves with the function that gives the presence connection up (once). */
  let presence: Promise<() => void> | undefined;
  let closed = false;
  /** This server's presence lock, taken again on a new connection after the database was gone. */
  const holdPresence = (): Promise<() => void> => {
    presence ??= (async () => {
      const client: pg.PoolClient = await db.$client.connect();
      let gone = false;
      const giveUp = () => {
        if (gone) return;
        gone = true;
        presence = undefined;
        client.release(true);
      };
      // A checked-out client's connection error must be handled here, or it ends the process.
      client.on('error', giveUp);
      try {
        await client.query('select pg_advisory_lock($1::int, $2::int)', [
          SERVER_PRESENCE_LOCK_NAMESPACE,
          serverKey,
        ]);
        // Presence (re)gained, e.g. after the database restarted: leases left from before that this
        // server no longer holds would count again now, so they go first.
        await client.query('delete from upload_admissions where server_key = $1 and id <> all($2::uuid[])', [
          serverKey,
          [...held],
        ]);
      } catch (error) {
        giveUp();
        throw error;
      }
      if (closed) giveUp();
      return giveUp;
    })().catch((error: unknown) => {
      presence = undefined;
      throw error;
    });
    return presence;
  };
  const renew = async () => {
    try {
      await holdPresence();
      // One array parameter in PostgreSQL's literal form (drizzle would spread a JS array).
      const ids = `{${[...held].join(',')}}`;
      if (held.size > 0) {
        await db.execute(sql`update upload_admissions
                                set expires_at = now() + make_interval(secs => ${leaseSeconds})
                              where id = any(${ids}::uuid[])`);
      }
      // Expired leases go, and so do this server's leases it no longer holds: a release whose delete
      // failed while the database was gone would otherwise count again once the presence is back.
      await db.execute(sql`delete from upload_admissions
                            where expires_at < now()
                               or (server_key = ${serverKey} and id <> all(${ids}::uuid[]))`);
    } catch (error) {
      onRenewalFailure?.(error as Error);
    }
  };
  const timer = setInterval(() => void renew(), renewSeconds * 1000);
  timer.unref();

  return {
    async acquire(userId) {
      const id = crypto.randomUUID();
      await holdPresence();
      // Held before it is inserted, so that a renewal running meanwhile does not take it for stale.
      held.add(id);
      const admitted = await db
        .transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${UPLOAD_ADMISSION_LOCK_NAMESPACE}::int, ${userId}::int)`,
          );
          // Leases of servers whose presence lock is gone (killed) do not count; this server's own
          // always do (it is alive, whatever state its presence connection is in).
          const { rows } = await tx.execute<{ n: number }>(
            sql`select count(*)::int as n from upload_admissions a
               where a.user_id = ${userId} and a.expires_at > now()
                 and (a.server_key = ${serverKey} or exists (select 1 from pg_locks l
                              where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                                and l.classid::bigint = ${SERVER_PRESENCE_LOCK_NAMESPACE}
                                and l.objid::bigint = a.server_key))`,
          );
          if (rows[0]!.n >= perUser) return false;
          await tx.execute(sql`insert into upload_admissions (id, user_id, server_key, expires_at)
                             values (${id}, ${userId}, ${serverKey},
                                     now() + make_interval(secs => ${leaseSeconds}))`);
          return true;
        })
        .catch((error: unknown) => {
          held.delete(id);
          throw error;
        });
      if (!admitted) {
        held.delete(id);
        return undefined;
      }
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
      closed = true;
      // Giving the connection up ends the presence: this server's leases stop counting.
      void presence?.then((giveUp) => giveUp()).catch(() => undefined);
    },
  };
}
