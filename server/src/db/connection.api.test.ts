// The app's connections run without JIT compilation: where PostgreSQL has it (Debian's packages),
// compiling a statement whose estimate passes jit_above_cost took longer than the statement's own
// work (docs/performance.md change 43). Checked on every connection the pool opens, including those
// opened while others are checked out.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { connect, type Connection } from './connection';

const t = useTestApp();
let connection: Connection | undefined;
afterAll(() => connection?.close());

describe('connect', () => {
  it('runs every pooled connection with JIT switched off', async () => {
    connection = connect(t.databaseUrl, 3);
    const clients = await Promise.all([1, 2, 3].map(() => connection!.pool.connect()));
    try {
      const settings = await Promise.all(
        clients.map(async (client) => (await client.query<{ jit: string }>('show jit')).rows[0]?.jit),
      );
      expect(settings).toEqual(['off', 'off', 'off']);
    } finally {
      for (const client of clients) client.release();
    }
    expect(connection.pool.totalCount).toBe(3);
  });
});
