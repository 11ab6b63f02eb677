// A list's page goes as a statement prepared once per connection, named after its text (decision
// 0035): the same rows as sent unnamed, parsed once, planned for each run's values (decision 0036),
// and never more than the bound per connection.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { connect, type Connection } from './connection';
import { executePrepared, MAX_PREPARED_PER_CONNECTION } from './prepared';

const t = useTestApp();
// One connection, so that what it holds can be read back through the same pool.
let connection: Connection;
beforeAll(() => {
  connection = connect(t.databaseUrl, 1);
});
afterAll(() => connection.close());

const held = async () =>
  (
    await connection.pool.query<{ name: string }>(
      `select name from pg_prepared_statements where name like 'lp\\_%'`,
    )
  ).rows.map((row) => row.name);

describe('executePrepared', () => {
  it('answers as the statement sent unnamed, and prepares each text once on a connection', async () => {
    const statement = (from: number) =>
      sql`select n, n * 2 as twice from generate_series(${from}::int, ${from + 2}::int) n order by n`;
    expect(await executePrepared(connection.db, statement(5))).toEqual(
      (await connection.db.execute(statement(5))).rows,
    );
    expect(await executePrepared(connection.db, statement(7))).toEqual([
      { n: 7, twice: 14 },
      { n: 8, twice: 16 },
      { n: 9, twice: 18 },
    ]);
    // Two runs with other values: one statement of that text.
    expect(await held()).toHaveLength(1);
  });

  it('plans a named statement for the values of each run, never once for all values (decision 0036)', async () => {
    // PostgreSQL would plan once for all after five runs; for the bookings list that plan was 10–20×
    // slower for values unlike the earlier ones (a supplier's debitor filter 21 ms instead of 1.2 ms).
    const statement = (value: number) => sql`select ${value}::int + 0 as n`;
    for (let run = 1; run <= 8; run += 1) {
      expect(await executePrepared(connection.db, statement(run))).toEqual([{ n: run }]);
    }
    const { rows } = await connection.pool.query<{ genericPlans: string; customPlans: string }>(
      `select generic_plans as "genericPlans", custom_plans as "customPlans" from pg_prepared_statements
       where name like 'lp\\_%' and statement like '%$1::int + 0 as n%'`,
    );
    expect(rows).toEqual([{ genericPlans: '0', customPlans: '8' }]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} texts on a connection and sends further ones unnamed`, async () => {
    for (let index = 0; index < MAX_PREPARED_PER_CONNECTION + 5; index += 1) {
      const rows = await executePrepared<{ n: number }>(connection.db, sql.raw(`select ${index}::int as n`));
      expect(rows).toEqual([{ n: index }]);
    }
    expect(await held()).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it('gives a failed statement its error and the pool a working connection', async () => {
    await expect(executePrepared(connection.db, sql`select 1 / ${0}::int`)).rejects.toThrow(
      /division by zero/,
    );
    expect(await executePrepared(connection.db, sql`select ${3}::int as n`)).toEqual([{ n: 3 }]);
  });
});
