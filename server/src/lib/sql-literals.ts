// COPY takes no bind parameters (PostgreSQL's extended protocol cannot carry them into COPY), so a
// statement built with drizzle's parameters has them written into its text as literals. Only the
// kinds the list's filters bind are accepted; anything else is refused rather than guessed at.
import pg from 'pg';

const quote = (text: string) => pg.Client.prototype.escapeLiteral(text);

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return `(${String(value)})`;
  if (Array.isArray(value) && value.every((item) => Number.isSafeInteger(item)))
    return quote(`{${value.join(',')}}`);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
    return `ARRAY[${value.map(quote).join(', ')}]`;
  throw new Error(`cannot write ${typeof value} as an SQL literal`);
}

/**
 * `text` (with placeholders $1, $2, …) with each placeholder replaced by its value from `params` as a
 * literal: strings through pg's escapeLiteral (also safe when standard_conforming_strings is off),
 * numbers parenthesised (so that -1 never forms a comment with a minus before it), integer arrays as
 * array literals, string arrays as ARRAY[…] of string literals (the statement casts them, e.g.
 * `$1::int[]`, `$2::varchar[]`). The statement's own text must hold no
 * `$n` outside placeholders: ours are built by drizzle, which writes every value as a placeholder.
 */
export function inlineParameters(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)(?!\d)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`no value for $${n}`);
    return literal(params[index]);
  });
}
