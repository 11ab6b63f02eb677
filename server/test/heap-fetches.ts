// What the list's covering indexes can answer alone (decisions 0038, 0039): an index-only scan of a
// creditor's bookings, and how many of them it still had to read from the table ("Heap Fetches"): one
// for each booking on a page the visibility map does not mark all-visible, until a vacuum marks it.
import pg from 'pg';

interface PlanNode {
  'Node Type': string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** The bookings of `creditorNumber` that an index-only scan in the database at `url` read from the table. */
export async function creditorHeapFetches(url: string, creditorNumber: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    // On a test's few rows the planner would rather read the table.
    await client.query('set local enable_seqscan = off');
    await client.query('set local enable_bitmapscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      'explain (analyze, format json) select id from transactions where creditor_number = $1',
      [creditorNumber],
    );
    await client.query('commit');
    const scans = flatten(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Node Type'] === 'Index Only Scan');
    if (scans.length === 0) throw new Error("no index-only scan read the creditor's bookings");
    return scans.reduce((sum, n) => sum + n['Heap Fetches']!, 0);
  } finally {
    await client.end();
  }
}
