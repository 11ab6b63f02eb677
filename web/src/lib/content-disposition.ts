/**
 * The file name of a Content-Disposition header: the RFC 6266 `filename*=UTF-8''…` form first (it
 * carries umlauts), else the plain `filename=`. Null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitise(decodeURIComponent(extended[1].trim()));
    } catch {
      // A broken percent-encoding: fall back to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? sanitise(name) : null;
}

// The browser takes the name as given: keep only the last path segment.
function sanitise(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}
