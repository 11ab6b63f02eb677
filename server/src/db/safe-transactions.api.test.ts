// A transaction whose connection is lost before `begin` gives its pool client back (drizzle's own
// transaction leaked it: a pool of one then waited for ever).
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { connect, type Connection } from './connection';

const t = useTestApp();
let connection: Connection | undefined;
afterAll(() => connection?.close());

describe('db.transaction', () => {
  it('releases the client when the connection is lost at begin, so the next transaction runs', async () => {
    connection = connect(
      (t.pool as pg.Pool & { options: { connectionString: string } }).options.connectionString,
      1,
    );
    let sabotage = true;
    connection.pool.on('acquire', (client) => {
      if (!sabotage) return;
      sabotage = false;
      // The socket dies under the client before `begin` is sent, as when PostgreSQL is killed.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    await expect(connection.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    const next = connection.db.transaction(async (tx) => (await tx.execute(sql`select 2 as n`)).rows[0]);
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('pool exhausted')), 5_000));
    expect(await Promise.race([next, timeout])).toEqual({ n: 2 });
    expect(connection.pool.totalCount).toBe(1);
  });
});
