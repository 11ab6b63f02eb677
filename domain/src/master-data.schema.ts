// Field rules shared by the article, creditor and debitor schemas (and the user's creditor). Each
// field has a wire rule (the value the API receives, checked by the server) and, where a form types
// it as text, a form rule that reads the text and ends in the same wire rule: browser and server
// give the same German messages.
import { z } from 'zod';
import { BUSINESS_NUMBER_MAX, NAME_MAX_LENGTH } from './limits';
import { MASTER_DATA_MESSAGES, MESSAGES } from './messages';
import { containsLineBreak, textLength, trimText, wireText } from './text.schema';

// No check uses `abort`: an explicitly aborted issue would also stop the cross-field refinements
// (the user's creditor), so follow-up checks sit behind a pipe, which stops at the first failure.

/** A business number as the API carries it; null or absent is "required". */
export const businessNumberRule = z
  .number({ error: MESSAGES.required })
  .int({ error: MESSAGES.positiveInteger })
  .pipe(
    z
      .number()
      .min(1, { error: MESSAGES.positiveInteger })
      .max(BUSINESS_NUMBER_MAX, { error: MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX) }),
  );

/** A business number typed into a text field: digits only, then the wire rule. */
export const businessNumberTextRule = z
  .string()
  .trim()
  .min(1, { error: MESSAGES.required })
  .pipe(z.string().regex(/^\d+$/, { error: MESSAGES.positiveInteger }))
  .transform(Number)
  .pipe(businessNumberRule);

/**
 * A required one-line text, trimmed, at most `max` characters; null or absent is "required". A line
 * break or tab inside is refused: every name, address and e-mail address is one line (and may reach a
 * mail header, where a line break would start a header of its own).
 */
export function requiredTextRule(max: number) {
  return z
    .string({ error: MESSAGES.required })
    .overwrite(trimText)
    .min(1, { error: MESSAGES.required })
    .refine((text) => textLength(text) <= max, { error: MESSAGES.maxLength(max) })
    .refine((text) => !containsLineBreak(text), { error: MESSAGES.lineBreak });
}

/** Rules of the fields every master-data kind has, as the server checks them. */
export const masterDataRules = {
  number: businessNumberRule,
  name: requiredTextRule(NAME_MAX_LENGTH),
  isActive: z.boolean(),
};

/** The same fields as an edit form holds them (number as typed text). */
export const masterDataFormRules = { ...masterDataRules, number: businessNumberTextRule };

/**
 * Structural types of request bodies, with German messages: a wrong JSON type is a malformed
 * request (400). Missing values (null or absent) pass and become "required" messages of the rules.
 */
export const wireTypes = {
  object: <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: MESSAGES.malformedRequest }),
  number: () => z.number({ error: MESSAGES.notANumber }).nullish(),
  text: () => wireText().nullish(),
  /** Absent stays absent: a new record defaults, a changed one keeps its stored value. */
  flag: () => z.boolean({ error: MESSAGES.malformedRequest }).optional(),
};

/** Structural shape of a master-data body. Unknown fields (id, lastTransactionCreationDate) are dropped. */
export const masterDataInputShape = {
  number: wireTypes.number(),
  name: wireTypes.text(),
  isActive: wireTypes.flag(),
};
