type QueryValue = string | number | boolean | null | undefined;

/**
 * Appends query parameters to an API path. Empty values are left out, so optional filters simply
 * disappear; arrays repeat the key (export-selected?items=1&items=2).
 */
export function withQuery(path: string, params: Record<string, QueryValue | readonly QueryValue[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === null || v === undefined || v === '') continue;
      search.append(key, String(v));
    }
  }
  const query = search.toString();
  return query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
