// Possible duplicates (only with the duplicate check on): a candidate whose key (duplicate-key.ts)
// a stored booking has, or an earlier candidate of the same batch. The warning sits on the later one
// and names the stored booking, or the earlier row of the file.
import { formatDate } from '@lp/domain/dates';
import { BOOKING_MESSAGES } from '@lp/domain/messages';
import { findDuplicates } from '../bookings.repository';
import { duplicateKey, duplicateKeyText, type DuplicateKey } from '../duplicate-key';
import type { ValidationRun } from './validation-run';

export async function checkDuplicates({
  db,
  prepared,
  excludeId,
  rowName,
  warnings,
}: ValidationRun): Promise<void> {
  const keys: DuplicateKey[] = [];
  /** The candidate index of each key. */
  const owners: number[] = [];
  prepared.forEach((p, index) => {
    const key = p.emptyReport ? null : duplicateKey(p.booking);
    if (key) {
      keys.push(key);
      owners.push(index);
    }
  });
  const stored = await findDuplicates(db, keys, excludeId);
  const firstInBatch = new Map<string, number>();
  keys.forEach((key, position) => {
    const index = owners[position]!;
    const text = duplicateKeyText(key);
    const earlierRow = firstInBatch.get(text);
    const earlier = stored.get(position);
    if (earlier) {
      warnings[index]!.push({
        field: 'invoiceNumber',
        message: BOOKING_MESSAGES.possibleDuplicate(formatDate(earlier.invoiceDate), earlier.invoiceNumber),
      });
    } else if (earlierRow !== undefined) {
      warnings[index]!.push({
        field: 'invoiceNumber',
        message: BOOKING_MESSAGES.possibleDuplicateRow(
          rowName(earlierRow),
          formatDate(key.invoiceDate),
          key.invoiceNumber,
        ),
      });
    }
    if (earlierRow === undefined) firstInBatch.set(text, index);
  });
}
