// Migrations at start under an advisory lock (decision 0014): servers starting at once on one empty
// database migrate it once, and none fails on the other's half-made schema.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database';
import { connect } from './connection';
import { readJournal, runMigrations } from './migrate';

const databases: EmptyDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

async function appliedMigrations(url: string): Promise<number[]> {
  const connection = connect(url, 1);
  try {
    const { rows } = await connection.db.execute<{ created_at: string }>(
      sql`select created_at from drizzle.__drizzle_migrations order by id`,
    );
    return rows.map((r) => Number(r.created_at));
  } finally {
    await connection.close();
  }
}

describe('runMigrations', () => {
  it('migrates an empty database once when four servers start on it at the same moment', async () => {
    const database = await createEmptyDatabase();
    databases.push(database);
    const connections = Array.from({ length: 4 }, () => connect(database.url, 2));
    try {
      const results = await Promise.allSettled(connections.map((c) => runMigrations(c.db)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      for (const c of connections) await c.close();
    }
    expect(await appliedMigrations(database.url)).toEqual(readJournal().entries.map((e) => e.when));
  });

  it('stops at a given migration when asked (a restore loads older rows first)', async () => {
    const database = await createEmptyDatabase();
    databases.push(database);
    const entries = readJournal().entries;
    const connection = connect(database.url, 1);
    try {
      await runMigrations(connection.db, { until: entries[1]!.when });
      expect(await appliedMigrations(database.url)).toEqual([entries[0]!.when, entries[1]!.when]);
      await runMigrations(connection.db);
      expect(await appliedMigrations(database.url)).toEqual(entries.map((e) => e.when));
    } finally {
      await connection.close();
    }
  });
});
