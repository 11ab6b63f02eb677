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

describe('0049_audit_entity_booking', () => {
  it("renames the audit entries of bookings stored as 'transaction' and refuses the old word afterwards", async () => {
    const database = await createEmptyDatabase();
    databases.push(database);
    const entries = readJournal().entries;
    const before = entries[entries.findIndex((e) => e.tag === '0049_audit_entity_booking') - 1]!;
    const connection = connect(database.url, 1);
    try {
      await runMigrations(connection.db, { until: before.when });
      await connection.db
        .execute(sql`insert into audit_entries (user_email_address, entity, entity_key, action, changes)
        values ('a@test.example', 'transaction', 7, 'delete', '{}'), ('a@test.example', 'user', 7, 'delete', '{}')`);
      await runMigrations(connection.db);
      const { rows } = await connection.db.execute<{ entity: string }>(
        sql`select entity from audit_entries order by entity`,
      );
      expect(rows.map((r) => r.entity)).toEqual(['booking', 'user']);
      await expect(
        connection.db
          .execute(sql`insert into audit_entries (user_email_address, entity, entity_key, action, changes)
          values ('a@test.example', 'transaction', 8, 'delete', '{}')`),
      ).rejects.toThrow();
    } finally {
      await connection.close();
    }
  });
});
