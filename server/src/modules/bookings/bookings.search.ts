// The bookings list's search (bookings.filter.ts): a case-insensitive substring of the booking's own
// texts or of its debitor's, article's or creditor's name or number. The master data is matched
// first, in its small tables, and the numbers found are written into the list's condition as
// constants: PostgreSQL then estimates each branch from its statistics and combines the trigram and
// btree indexes in one bitmap scan. A sub-select in their place was estimated blind (a supplier's
// search of 423 matches scanned all of the creditor's 74,000 bookings: 340 ms instead of 60 ms).
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';

/** The search's LIKE pattern and the master-data numbers whose name (or number) contains it. */
export interface SearchMatches {
  pattern: string;
  debitors: number[];
  articles: number[];
  creditors: number[];
  /** Every creditor matches, so every booking does (through its creditor's name or number). */
  everyCreditor: boolean;
}

/** Escapes LIKE wildcards so the user's text matches literally (backslash is PostgreSQL's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search's master-data matches; undefined without a search (blank counts as none). */
export async function findSearchMatches(
  client: Pick<pg.Pool, 'query'>,
  searchQuery: string | undefined,
): Promise<SearchMatches | undefined> {
  const text = searchQuery?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const { rows } = await client.query<Omit<SearchMatches, 'pattern'>>(
    `select
      array(select number from debitors where name ilike $1 or number::text like $1 order by number) as debitors,
      array(select number from articles where name ilike $1 order by number) as articles,
      array(select number from creditors where name ilike $1 or number::text like $1 order by number) as creditors,
      not exists (select from creditors where not (name ilike $1 or number::text like $1)) as "everyCreditor"`,
    [pattern],
  );
  return { pattern, ...rows[0]! };
}

/**
 * Whether the search lets every booking of `creditor` (undefined: of every creditor) through, by the
 * creditor's name or number: then it restricts nothing, and the list is read as if it were not there
 * (a term such as "er" in every supplier's "…lieferant…" matched a million bookings, and each deep
 * page tested it on 100,000 rows).
 */
export function searchMatchesEveryBooking(search: SearchMatches, creditor: number | undefined): boolean {
  return creditor === undefined ? search.everyCreditor : search.creditors.includes(creditor);
}

/** The search's condition on a booking (alias t); a master-data branch without matches is left out. */
export function searchCondition({ pattern, debitors, articles, creditors }: SearchMatches): SQL {
  const branches = [
    sql`t.invoice_number ilike ${pattern}`,
    sql`t.delivery_location ilike ${pattern}`,
    sql`t.additional_information ilike ${pattern}`,
  ];
  const numbers = (column: SQL, values: number[]) => {
    if (values.length > 0) branches.push(sql`${column} = any(${sql.param(values)}::int[])`);
  };
  numbers(sql`t.debitor_number`, debitors);
  numbers(sql`t.article_number`, articles);
  numbers(sql`t.creditor_number`, creditors);
  return sql`(${sql.join(branches, sql` or `)})`;
}
