// The matching rule of the searchable pickers (debitor, article, creditor): every word of the query
// must occur somewhere in the record's number, name, street or city, in any order, ignoring case and
// accents, so "Kita Langen" finds "Kita Sonnenschein, … Langen" and "muller" finds "Müller".

/** Lower case without accents; "ß" as "ss", so both spellings find each other. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('de-DE')
    .replace(/ß/g, 'ss');
}

/** The words of a query, normalized; an empty or blank query has none. */
export function queryWords(query: string): string[] {
  return normalizeSearchText(query).split(/\s+/).filter(Boolean);
}

/** True when every word of the query occurs in the text (an empty query matches everything). */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = normalizeSearchText(text);
  return queryWords(query).every((word) => haystack.includes(word));
}
