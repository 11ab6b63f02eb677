import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './connection';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Applies pending migrations; safe to run on every start (drizzle records what it applied). */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
