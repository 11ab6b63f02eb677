// A listening connection for the session cache whose change announcements a test can hold back and
// release: between the two, the cache answers as if PostgreSQL had not announced the change yet.
// Heartbeats pass, so the cache stays on.
import pg from 'pg';

export class HeldListener extends pg.Client {
  #holding = false;
  readonly #held: pg.Notification[] = [];

  hold(): void {
    this.#holding = true;
  }

  /** Resolves once an announcement is held back: the change it announces has reached this server. */
  async holdsOne(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#held.length === 0) {
      if (Date.now() > deadline) throw new Error('no announcement arrived');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  release(): void {
    this.#holding = false;
    for (const message of this.#held.splice(0)) super.emit('notification', message);
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    const message = args[0] as pg.Notification | undefined;
    if (event !== 'notification' || !message) return super.emit(event, ...args);
    if (this.#holding && !message.payload?.startsWith('heartbeat:')) {
      this.#held.push(message);
      return true;
    }
    return super.emit(event, ...args);
  }
}

/** A factory for buildApp's createSessionListener that keeps the clients it made. */
export function heldListeners(connectionString: string) {
  const made: HeldListener[] = [];
  return {
    create: () => {
      const listener = new HeldListener({ connectionString });
      made.push(listener);
      return listener;
    },
    /** The newest one: the cache's current listening connection. */
    current: (): HeldListener => {
      const listener = made.at(-1);
      if (!listener) throw new Error('no listening connection yet');
      return listener;
    },
  };
}
