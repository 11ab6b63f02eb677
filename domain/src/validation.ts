// Turns zod issues into the product's validation messages: property = the field's German label.
import type { z } from 'zod';
import type { ValidationMessage } from './messages';

export function toValidationMessages(
  error: z.core.$ZodError,
  labels: Readonly<Record<string, string>>,
): ValidationMessage[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return { property: labels[key] ?? key, message: issue.message };
  });
}
