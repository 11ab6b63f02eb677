// The bookings list's search (bookings.filter.ts): a case-insensitive substring of the booking's own
// texts or of its debitor's, article's or creditor's name or number. The master data is matched
// first, in its small tables, and the numbers found are written into the list's condition as
// constants: PostgreSQL then estimates each branch from its statistics and combines the trigram and
// btree indexes in one bitmap scan. A sub-select in their place was estimated blind (a supplier's
// search of 423 matches scanned all of the creditor's 74,000 bookings: 340 ms instead of 60 ms).
// Delivery locations repeat like master data (a client's addresses) and are matched the same way,
// in their own table (delivery_locations, migration 0021): a trigram scan of the bookings' locations
// cost 37-58 ms for a long term, the btree look-up of the locations found a few ms.
// The master data, the locations and the booking's own texts are matched on their lowercased copies
// (migrations 0026 and 0036): ILIKE lowercased every text it tested on every search, LIKE against
// lower(term) gives the same matches (decision 0026).
// A term written as the list shows an amount or a date ('624,00', '27.11.2026') also finds the
// bookings of that net or invoice date, by an equality on the column read through its btree index
// (transactions_net_idx, transactions_invoice_date_idx), not by matching formatted text (decision 0083).
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { displayedSearchValues, type DisplayedSearchValues } from '@lp/domain/booking-search';

/**
 * The search's LIKE pattern, the master-data numbers whose name (or number) contains it, and the net
 * and invoice date the term names as the list shows them (null when it does not).
 */
export interface SearchMatches extends DisplayedSearchValues {
  pattern: string;
  debitors: number[];
  articles: number[];
  creditors: number[];
  /**
   * The delivery locations that contain the term; undefined when more than LOCATIONS_LIMIT do (the
   * term is then tested on the bookings' locations themselves).
   */
  locations: string[] | undefined;
  /** Every creditor matches, so every booking does (through its creditor's name or number). */
  everyCreditor: boolean;
}

/**
 * Beyond this many matching locations the array costs more to plan (each element is estimated) than
 * testing the term on the rows, which a term this common matches in large numbers anyway.
 */
export const LOCATIONS_LIMIT = 10_000;

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
  const { rows } = await client.query<
    Omit<SearchMatches, 'pattern' | 'locations' | keyof DisplayedSearchValues> & { locations: string[] }
  >(
    `select
      array(select number from debitors where name_lower like lower($1) or number::text like $1 order by number) as debitors,
      array(select number from articles where name_lower like lower($1) order by number) as articles,
      array(select number from creditors where name_lower like lower($1) or number::text like $1 order by number) as creditors,
      array(select distinct location from delivery_locations where location_lower like lower($1) order by 1 limit $2) as locations,
      not exists (select from creditors where not (name_lower like lower($1) or number::text like $1)) as "everyCreditor"`,
    [pattern, LOCATIONS_LIMIT + 1],
  );
  const { locations, ...matches } = rows[0]!;
  return {
    pattern,
    ...matches,
    ...displayedSearchValues(text),
    locations: locations.length > LOCATIONS_LIMIT ? undefined : locations,
  };
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
export function searchCondition(search: SearchMatches): SQL {
  const { pattern, debitors, articles, creditors, locations, net, invoiceDate } = search;
  // The booking's own texts on their lowercased copies (migration 0036), as the master data's.
  const lowered = sql`lower(${pattern})`;
  const branches = [
    sql`t.invoice_number_lower like ${lowered}`,
    sql`t.additional_information_lower like ${lowered}`,
  ];
  if (!locations) branches.push(sql`t.delivery_location ilike ${pattern}`);
  else if (locations.length > 0)
    branches.push(sql`t.delivery_location = any(${sql.param(locations)}::varchar[])`);
  const numbers = (column: SQL, values: number[]) => {
    if (values.length > 0) branches.push(sql`${column} = any(${sql.param(values)}::int[])`);
  };
  numbers(sql`t.debitor_number`, debitors);
  numbers(sql`t.article_number`, articles);
  numbers(sql`t.creditor_number`, creditors);
  if (net !== null) branches.push(sql`t.net = ${net}::numeric`);
  if (invoiceDate !== null) branches.push(sql`t.invoice_date = ${invoiceDate}::date`);
  return sql`(${sql.join(branches, sql` or `)})`;
}
