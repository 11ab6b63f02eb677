// A server's cache of the session check's answers (decision 0034). The check reads users and
// revoked_tokens; triggers announce every change of them on SESSION_CHANNEL (migration 0034), and
// this cache empties itself on each announcement. It answers only while it can prove it hears them:
// its own heartbeat, sent through the pool, came back over its listening connection within the last
// two heartbeat periods. Otherwise every lookup goes to the database, as without a cache.
import crypto from 'node:crypto';
import type pg from 'pg';

export const SESSION_CHANNEL = 'lp_session_change';

/** Heartbeats every 2 s: a listening connection that dies silently is noticed within 4 s. */
const HEARTBEAT_MS = 2_000;
/** Bounds the memory: 10,000 sessions of ~200 bytes. The oldest entry makes room. */
const MAX_ENTRIES = 10_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface SessionCacheOptions {
  /** Sends the heartbeats (any connection of the pool will do). */
  pool: pg.Pool;
  /** A new, unconnected client for the listening connection. */
  createListener: () => pg.Client;
  log: { warn(message: string): void };
  heartbeatMs?: number;
}

export class SessionCache<T> {
  readonly #entries = new Map<string, T>();
  /** Bumped on every invalidation: a lookup that began before one does not store its answer. */
  #generation = 0;
  #listener: pg.Client | undefined;
  /** Its LISTEN has been answered: heartbeats sent from now on come back over it. */
  #listening = false;
  #confirmedAt = 0;
  #heartbeatsSent = 0;
  #heartbeatsConfirmed = 0;
  #reconnectMs = RECONNECT_MIN_MS;
  #heartbeatTimer: NodeJS.Timeout | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #stopped = true;
  readonly #instance = crypto.randomUUID();
  readonly #heartbeatMs: number;

  constructor(private readonly options: SessionCacheOptions) {
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /** Whether lookups are answered from memory: the last heartbeat came back in time. */
  get isActive(): boolean {
    // A monotonic clock: a wall clock set back must not stretch the time the cache is trusted.
    return this.#confirmedAt > 0 && performance.now() - this.#confirmedAt <= 2 * this.#heartbeatMs;
  }

  /** The cached answer for `key`, or `load()`'s, kept unless an invalidation happened meanwhile. */
  async lookup(key: string, load: () => Promise<T>): Promise<T> {
    if (this.isActive) {
      const hit = this.#entries.get(key);
      if (hit !== undefined) return hit;
    }
    const generation = this.#generation;
    const value = await load();
    if (value !== undefined && generation === this.#generation && this.isActive) this.#remember(key, value);
    return value;
  }

  /** Forgets every answer, also those of lookups still under way. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  start(): void {
    this.#stopped = false;
    this.#heartbeatTimer = setInterval(() => this.#beat(), this.#heartbeatMs);
    this.#heartbeatTimer.unref();
    void this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#heartbeatTimer);
    clearTimeout(this.#reconnectTimer);
    this.#deactivate();
    const listener = this.#listener;
    this.#listener = undefined;
    this.#listening = false;
    await listener?.end().catch(() => undefined);
  }

  #remember(key: string, value: T): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
  }

  #deactivate(): void {
    this.#confirmedAt = 0;
    this.invalidate();
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return;
    const listener = this.options.createListener();
    this.#listener = listener;
    listener.on('notification', (message) => this.#hear(message));
    listener.on('error', (error) => this.#lost(listener, error));
    listener.on('end', () => this.#lost(listener));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${SESSION_CHANNEL}`);
      // Stopped meanwhile: stop() has ended this client.
      if (listener !== this.#listener) return;
      this.#listening = true;
      this.#reconnectMs = RECONNECT_MIN_MS;
      await this.#sendHeartbeat();
    } catch (error) {
      this.#lost(listener, error as Error);
    }
  }

  /** The listening connection is gone or deaf: answer from the database until a new one hears. */
  #lost(listener: pg.Client, error?: Error): void {
    if (listener !== this.#listener) return;
    this.#listener = undefined;
    this.#listening = false;
    this.#deactivate();
    void listener.end().catch(() => undefined);
    if (this.#stopped) return;
    this.options.log.warn(
      `Sitzungs-Cache aus, bis wieder Benachrichtigungen ankommen: ${error?.message ?? 'Verbindung beendet'}`,
    );
    this.#reconnectTimer = setTimeout(() => void this.#listen(), this.#reconnectMs);
    this.#reconnectTimer.unref();
    this.#reconnectMs = Math.min(this.#reconnectMs * 2, RECONNECT_MAX_MS);
  }

  #hear({ channel, payload }: pg.Notification): void {
    if (channel !== SESSION_CHANNEL) return;
    if (payload === this.#heartbeatPayload(this.#heartbeatsSent)) {
      // Notifications arrive in commit order: every change committed before this heartbeat was sent
      // has been heard. Coming back on, the cache starts empty.
      if (!this.isActive) this.invalidate();
      this.#heartbeatsConfirmed = this.#heartbeatsSent;
      this.#confirmedAt = performance.now();
      return;
    }
    // Another server's heartbeat, or an older one of ours, changes no session.
    if (payload?.startsWith('heartbeat:')) return;
    this.invalidate();
  }

  #beat(): void {
    const listener = this.#listener;
    if (!listener || !this.#listening) return;
    // The last heartbeat did not come back within a period: the connection no longer hears (a
    // silent network failure, a pooler in transaction mode). Start over on a new one.
    if (this.#heartbeatsConfirmed < this.#heartbeatsSent) {
      this.#lost(listener, new Error(`no heartbeat came back within ${this.#heartbeatMs} ms`));
      return;
    }
    void this.#sendHeartbeat();
  }

  async #sendHeartbeat(): Promise<void> {
    this.#heartbeatsSent += 1;
    try {
      await this.options.pool.query('select pg_notify($1, $2)', [
        SESSION_CHANNEL,
        this.#heartbeatPayload(this.#heartbeatsSent),
      ]);
    } catch {
      // The database is unreachable; the listening connection reports it, or the next beat does.
    }
  }

  #heartbeatPayload(sequence: number): string {
    return `heartbeat:${this.#instance}:${sequence}`;
  }
}
