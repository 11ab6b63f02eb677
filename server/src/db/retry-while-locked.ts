// Deletes of bookings (single ones, an upload's undo) lock their rows with NOWAIT and retry the whole
// transaction a few times instead of waiting: an export holds the rows it has marked until it ends,
// takes them chunk by chunk in the list's order, and so could wait for a delete that waits for it. A
// delete that waited made that a deadlock, and PostgreSQL ended one side: the delete with a 500, or
// the export's download in the middle (docs/decisions/0045). A delete that never waits cannot be part of
// such a cycle.
import { BOOKING_MESSAGES } from '@lp/domain/messages';
import { AppError } from '../http/app-error';
import { hasPgCode, PG_LOCK_NOT_AVAILABLE } from '../lib/pg-errors';

/** Pauses before the next attempt: about 1.5 s in all, for writes that hold a row for a moment. */
export const LOCK_RETRY_DELAYS_MS = [50, 150, 400, 900] as const;

/**
 * Runs `attempt` (a whole transaction) again while it fails on a row another transaction holds; after
 * the last pause a German 409: the rows are busy, nothing was changed.
 */
export async function retryWhileLocked<T>(
  attempt: () => Promise<T>,
  delays: readonly number[] = LOCK_RETRY_DELAYS_MS,
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (!hasPgCode(error, PG_LOCK_NOT_AVAILABLE)) throw error;
      if (tried >= delays.length) throw AppError.of('RECORD_BUSY', BOOKING_MESSAGES.bookingsBusy);
      await new Promise((resolve) => setTimeout(resolve, delays[tried]));
    }
  }
}
