// The query string of GET /api/uploads. Both parameters are optional, so the list of decisions.md
// section 11 (every batch the user may see, newest first) is still the answer without them.
import { z } from 'zod';
import { UPLOAD_BATCHES_LIMIT_MAX } from '@lp/domain/limits';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';

const invalid = { error: BOOKING_MESSAGES.invalidValue };

export const uploadBatchesQuerySchema = z.object(
  {
    /** true: only the batches the signed-in user uploaded ("Ihre letzten Uploads"). */
    mine: z
      .enum(['true', 'false'], invalid)
      .optional()
      .transform((v) => v === 'true'),
    /** The newest this many. */
    limit: z
      .string(invalid)
      .regex(/^\d{1,4}$/, invalid)
      .transform(Number)
      .pipe(z.number().int().min(1, invalid).max(UPLOAD_BATCHES_LIMIT_MAX, invalid))
      .optional(),
  },
  { error: MESSAGES.malformedRequest },
);

export type UploadBatchesQuery = z.output<typeof uploadBatchesQuerySchema>;
