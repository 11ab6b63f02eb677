// Row count and MD5 of every table's rows, computed in SQL independently of the backup code: the rows'
// text forms, sorted bytewise, joined. Given a snapshot id, in exactly that snapshot.
import pg from 'pg';

export type TableStates = Record<string, { rows: number; md5: string }>;

export async function readTableStates(url: string, snapshotId?: string): Promise<TableStates> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    await client.query('begin isolation level repeatable read read only');
    if (snapshotId) await client.query(`set transaction snapshot '${snapshotId.replace(/'/g, "''")}'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const states: TableStates = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: number; md5: string }>(
        `select count(*)::int as rows,
                md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as md5
           from public."${name}" t`,
      );
      states[name] = rows[0]!;
    }
    await client.query('commit');
    return states;
  } finally {
    await client.end();
  }
}
