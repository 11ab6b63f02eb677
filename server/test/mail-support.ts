// Mail in the tests: a configuration that sends through a test relay, and reads of the outbox.
import { asc, eq } from 'drizzle-orm';
import { readConfig, type Config } from '../src/config';
import type { Db } from '../src/db/connection';
import { mailOutbox } from '../src/db/schema';

/** The mail configuration with `smtpUrl` (undefined: no relay) and a fixed PUBLIC_URL. */
export function mailConfig(
  smtpUrl: string | undefined,
  overrides: Partial<Config['mail']> = {},
): Partial<Config> {
  const { mail } = readConfig({ PUBLIC_URL: 'https://portal.example.org' });
  return { mail: { ...mail, from: 'Lieferantenportal <noreply@portal.example.org>', smtpUrl, ...overrides } };
}

export function outboxRows(db: Db) {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}

export async function outboxRow(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
