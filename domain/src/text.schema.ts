// The rule every text the product takes in obeys: no NUL character (U+0000). PostgreSQL's text type
// cannot hold one and refuses the whole statement, so a NUL is turned away where the text enters
// (request schemas, the server's request guard, upload cells) with a German message, never a 500.
import { z } from 'zod';
import { MESSAGES } from './messages';

/** Whether the text holds a NUL character, which no stored text may. */
export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A text of a request body: a wrong type is `typeError`, a NUL character the German NUL message. */
export function wireText(typeError: string = MESSAGES.malformedRequest) {
  return z
    .string({ error: typeError })
    .refine((text) => !containsNul(text), { error: MESSAGES.nulCharacter });
}
