// The one place that chooses the database a request's statements run on (decision 0085). Writes, and
// everything not named a replica read, run on the primary (DATABASE_URL). The reads a route hands to
// `request.read` (http/database-routing.ts: the bookings list, a single booking, the Meldestatus, the
// audit) run on
// the streaming replica (DATABASE_READ_URL) when it has replayed the caller's own last write, else on
// the primary. The caller's last write is the primary's WAL insert position after the answer to any
// request of theirs that may write, kept per user in the primary's table read_your_writes (several
// servers may serve one user) and in this server's memory (for when the primary is gone). No sleeps:
// a lagging replica sends the caller to the primary, never makes them wait.
//
// When the primary cannot be reached, the marked reads answer from the replica (what it replayed is
// at least what this server saw acknowledged to the caller, or the read is refused with a 503), and
// every write fails with the 503 of the error handler; the pool connects afresh once the primary is
// back, so writes work again without a restart.
import type { Db } from './connection';
import { isDatabaseUnavailable } from '../lib/pg-errors';

/** After a failed connection the primary is not asked for read routing again for this long. */
const PRIMARY_RETRY_MS = 1_000;
/** Users whose last write this server remembers (the fallback while the primary is gone). */
const MAX_REMEMBERED = 10_000;

/** A WAL position `X/Y` (pg_lsn as text) as a number that orders like it. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`keine WAL-Position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The replica could not show the caller's own last write and the primary is unreachable. */
export class ReplicaBehindError extends Error {
  /** SQLSTATE 57P03 (cannot connect now): answered like any unreachable database (pg-errors.ts). */
  readonly code = '57P03';
  constructor() {
    super(
      'Das Replikat hat die letzte Änderung des Aufrufers noch nicht übernommen, und der Primärserver ist nicht erreichbar',
    );
  }
}

export type ReadSource = 'primary' | 'replica';

export interface DbRouterOptions {
  primaryRetryMs?: number;
  /** Told when the primary's connection fails on a routing look-up (for the log). */
  onPrimaryUnavailable?: (error: unknown) => void;
}

/** The replica handles of every router: a service may need to know it reads a replica (sharedCount). */
const replicaHandles = new WeakSet<object>();

/** Whether `db` is a router's replica handle (no writes, no unlogged tables, no advisory locks shared). */
export function isReplicaHandle(db: object): boolean {
  return replicaHandles.has(db);
}

export class DbRouter {
  /** A lower bound of the replica's replay position: it only grows, so a position at or below it is there. */
  #replayed = 0n;
  readonly #remembered = new Map<number, bigint>();
  #primaryDownUntil = 0;
  readonly #retryMs: number;
  /** How many marked reads each database served (the replica tests read it). */
  readonly served: Record<ReadSource, number> = { primary: 0, replica: 0 };

  constructor(
    readonly primary: Db,
    readonly replica: Db | undefined = undefined,
    private readonly options: DbRouterOptions = {},
  ) {
    this.#retryMs = options.primaryRetryMs ?? PRIMARY_RETRY_MS;
    if (replica) replicaHandles.add(replica);
  }

  /**
   * Runs a read of `userId` on the replica if it shows their last write, else on the primary. A read
   * the primary fails because it went away meanwhile (a shutdown between the choice and the read) is
   * run again on the replica once that shows the write, and one the replica fails because it went
   * away on the primary: the caller gets an answer, never a stale one.
   */
  async read<T>(userId: number, read: (db: Db) => Promise<T>): Promise<T> {
    const choice = await this.#choose(userId);
    this.served[choice.source] += 1;
    if (choice.source === 'replica') {
      try {
        return await read(this.replica!);
      } catch (error) {
        // The replica went away: the primary, if it answers, has everything.
        if (!isDatabaseUnavailable(error) || performance.now() < this.#primaryDownUntil) throw error;
        this.served.primary += 1;
        return read(this.primary);
      }
    }
    try {
      return await read(this.primary);
    } catch (error) {
      if (!this.replica || !isDatabaseUnavailable(error)) throw error;
      this.#primaryUnavailable(error);
      if (!(await this.#replicaShows(choice.needed, false))) throw error;
      this.served.replica += 1;
      return read(this.replica);
    }
  }

  /** Where a read of `userId` would run now. */
  async chooseRead(userId: number): Promise<ReadSource> {
    return (await this.#choose(userId)).source;
  }

  async #choose(userId: number): Promise<{ source: ReadSource; needed: bigint }> {
    if (!this.replica) return { source: 'primary', needed: 0n };
    let needed = this.#remembered.get(userId) ?? 0n;
    let primaryUp = performance.now() >= this.#primaryDownUntil;
    if (primaryUp) {
      try {
        const stored = await this.#storedLsn(userId);
        if (stored > needed) needed = stored;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        this.#primaryUnavailable(error);
        primaryUp = false;
      }
    }
    const shows = await this.#replicaShows(needed, primaryUp);
    if (shows) return { source: 'replica', needed };
    if (primaryUp) return { source: 'primary', needed };
    throw new ReplicaBehindError();
  }

  /**
   * Whether the replica has replayed `needed`. With the primary up, an unreachable replica or one not
   * in recovery (promoted: its positions are not the primary's to compare) leaves the read to the
   * primary; with the primary gone, an unreachable replica fails the read (503) and a promoted one
   * answers.
   */
  async #replicaShows(needed: bigint, primaryUp: boolean): Promise<boolean> {
    if (needed <= this.#replayed) return true;
    let replayed: bigint | undefined;
    try {
      replayed = await this.#replayLsn();
    } catch (error) {
      if (primaryUp && isDatabaseUnavailable(error)) return false;
      throw error;
    }
    if (replayed === undefined) return !primaryUp;
    if (replayed > this.#replayed) this.#replayed = replayed;
    return needed <= replayed;
  }

  /**
   * After a request of `userId` that may write has been handled, before its answer leaves: keeps the
   * primary's WAL insert position, which is past the commit of whatever the request wrote. Evaluated
   * in the update under the row's lock, so a slower request of the same user cannot store an older
   * position over a newer one, and a position restored from another cluster is replaced. Without a
   * replica nothing is kept (no reads to route). A failure is left to the caller to log: the write
   * itself has been answered.
   */
  async noteWrite(userId: number): Promise<void> {
    if (!this.replica) return;
    const { rows } = await this.primary.$client.query<{ lsn: string }>(
      `insert into read_your_writes as r (user_id, lsn) values ($1, pg_current_wal_insert_lsn())
        on conflict (user_id) do update set lsn = pg_current_wal_insert_lsn()
        returning r.lsn::text as lsn`,
      [userId],
    );
    // The primary has just answered: the reads that follow (this user's read-back above all, which
    // the replica may not have replayed yet) ask it again at once, not after the retry pause.
    this.#primaryDownUntil = 0;
    const lsn = rows[0] ? parseLsn(rows[0].lsn) : undefined;
    if (lsn === undefined) return;
    this.#remembered.delete(userId);
    this.#remembered.set(userId, lsn);
    if (this.#remembered.size > MAX_REMEMBERED) {
      const oldest = this.#remembered.keys().next().value;
      if (oldest !== undefined) this.#remembered.delete(oldest);
    }
  }

  /**
   * A read that must run somewhere even when the primary is gone (the session check of a read): on
   * the primary, and on the replica when the primary cannot be reached.
   */
  async readWithFallback<T>(read: (db: Db) => Promise<T>): Promise<T> {
    if (!this.replica || performance.now() >= this.#primaryDownUntil) {
      try {
        return await read(this.primary);
      } catch (error) {
        if (!this.replica || !isDatabaseUnavailable(error)) throw error;
        this.#primaryUnavailable(error);
      }
    }
    return read(this.replica);
  }

  async #storedLsn(userId: number): Promise<bigint> {
    const { rows } = await this.primary.$client.query<{ lsn: string }>(
      'select lsn::text as lsn from read_your_writes where user_id = $1',
      [userId],
    );
    return rows[0] ? parseLsn(rows[0].lsn) : 0n;
  }

  async #replayLsn(): Promise<bigint | undefined> {
    const { rows } = await this.replica!.$client.query<{ lsn: string | null }>(
      'select pg_last_wal_replay_lsn()::text as lsn',
    );
    const lsn = rows[0]?.lsn;
    return lsn ? parseLsn(lsn) : undefined;
  }

  #primaryUnavailable(error: unknown): void {
    this.#primaryDownUntil = performance.now() + this.#retryMs;
    this.options.onPrimaryUnavailable?.(error);
  }
}
