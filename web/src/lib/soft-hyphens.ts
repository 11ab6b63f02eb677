/** U+00AD: invisible unless the line breaks there, then shown as a hyphen. */
export const SOFT_HYPHEN = '\u00AD';

/**
 * The label with soft hyphens between the given parts of its words, so that a narrow column header
 * breaks "Rechnungs-/datum" instead of widening the table. Browsers hyphenate German by themselves
 * only where a German dictionary is installed (Chromium on Linux has none), so the break points are
 * given. Parts that no longer make up the label (it was renamed) leave the label unbroken.
 */
export function hyphenatedAt(label: string, ...parts: readonly string[]): string {
  return parts.join('') === label ? parts.join(SOFT_HYPHEN) : label;
}
