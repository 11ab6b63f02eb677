// Structural checks of a request (types and shape). A failure is a malformed request: 400 with the
// German messages; business rules are checked later by the services and answered with 200 lists.
import type { z } from 'zod';
import { toValidationMessages } from '@lp/domain/validation';
import { AppError } from './app-error';

export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  labels: Readonly<Record<string, string>> = {},
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, toValidationMessages(result.error, labels));
  return result.data;
}
