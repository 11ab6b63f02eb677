// The records a user chose last in a picker (debitor, article, creditor), newest first, kept in
// localStorage per user and kind so the usual few are at the top of the list.
import { RECENT_CHOICES_KEY } from './storage-keys';

/** How many recent choices a picker keeps. */
export const RECENT_CHOICES_LIMIT = 5;

const storageKey = (kind: string, userId: number | null) =>
  `${RECENT_CHOICES_KEY}:${kind}:${userId ?? 'anonymous'}`;

export function readRecentChoices(kind: string, userId: number | null): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(kind, userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    // Storage refused (private mode) or damaged: no recent choices, the picker still works.
    return [];
  }
}

export function rememberRecentChoice(kind: string, userId: number | null, value: number): void {
  const next = [value, ...readRecentChoices(kind, userId).filter((n) => n !== value)].slice(
    0,
    RECENT_CHOICES_LIMIT,
  );
  try {
    localStorage.setItem(storageKey(kind, userId), JSON.stringify(next));
  } catch {
    // Storage refused: the choice is still made, it is just not remembered.
  }
}

/** The options with the recent ones first (newest first), the rest in their given order. */
export function recentFirst<T extends { value: number }>(
  options: readonly T[],
  recent: readonly number[],
): T[] {
  const byValue = new Map(options.map((option) => [option.value, option]));
  const top = recent.map((value) => byValue.get(value)).filter((option): option is T => option !== undefined);
  const topValues = new Set(top.map((option) => option.value));
  return [...top, ...options.filter((option) => !topValues.has(option.value))];
}
