// Migration 0043: admins stored with a creditor (accepted by POST/PUT /api/users until 29 Nov 2026)
// lose it, with a new version and an audit entry; suppliers keep theirs.
import { afterAll, expect, it } from 'vitest';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database';
import { connect } from './connection';
import { readJournal, runMigrations } from './migrate';

let database: EmptyDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

it('clears the creditor of every admin, bumps its version and records the change', async () => {
  database = await createEmptyDatabase();
  const entries = readJournal().entries;
  const index = entries.findIndex((e) => e.tag === '0043_admins_without_creditor');
  expect(index).toBeGreaterThan(0);
  const connection = connect(database.url, 1);
  try {
    await runMigrations(connection.db, { until: entries[index - 1]!.when });
    await database.query(`insert into creditors (number, name) values (70001, 'Grünes Büro GmbH')`);
    await database.query(
      `insert into users (email_address, password_hash, is_admin, creditor_number) values
         ('admin@example.org', 'x', true, 70001),
         ('lieferant@example.org', 'x', false, 70001),
         ('admin2@example.org', 'x', true, null)`,
    );
    await runMigrations(connection.db);
  } finally {
    await connection.close();
  }
  expect(
    await database.query('select email_address, creditor_number, version from users order by id'),
  ).toEqual([
    { email_address: 'admin@example.org', creditor_number: null, version: 2 },
    { email_address: 'lieferant@example.org', creditor_number: 70001, version: 1 },
    { email_address: 'admin2@example.org', creditor_number: null, version: 1 },
  ]);
  const audit = await database.query<{ entity_key: number; action: string; changes: unknown }>(
    `select a.entity_key, a.action, a.changes from audit_entries a
       join users u on u.id = a.entity_key and a.entity = 'user'`,
  );
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    action: 'update',
    changes: { creditorNumber: { old: 70001, new: null } },
  });
});
