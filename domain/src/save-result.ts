// Whether a save stored anything, decided in one place for every save the web app shows: a booking
// (manual entry, empty report, edit), an upload and master data.
import type { ValidationMessage } from './messages';

/** The part of a save's answer that says whether it was stored; master data answers no warnings. */
export interface SaveAnswer {
  errors: readonly ValidationMessage[];
  warnings?: readonly ValidationMessage[];
}

/**
 * Stored when the answer has neither errors nor warnings: errors store nothing, and warnings store
 * nothing until the user ignores them and sends again (spec section 4).
 */
export function isSaved(answer: SaveAnswer): boolean {
  return answer.errors.length === 0 && (answer.warnings?.length ?? 0) === 0;
}
