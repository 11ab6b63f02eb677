// The rules every text the product takes in obeys: trimmed of spaces and invisible characters, and no
// NUL character (U+0000). PostgreSQL's text type
// cannot hold one and refuses the whole statement, so a NUL is turned away where the text enters
// (request schemas, the server's request guard, upload cells) with a German message, never a 500.
import { z } from 'zod';
import { REQUEST_TEXT_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';

/** Spaces and the invisible format characters (zero-width space and joiners, word joiner, BOM). */
const EDGES = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g;

/**
 * The text without spaces and invisible characters at either end: a field holding only a zero-width
 * space (pasted from a web page or a PDF) is empty, and "required" says so.
 */
export function trimText(text: string): string {
  return text.replace(EDGES, '');
}

/** Whether the text holds a NUL character, which no stored text may. */
export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * A text of a request body: a wrong type is `typeError`, a NUL character the German NUL message, and
 * no text is longer than REQUEST_TEXT_MAX_LENGTH (a bound on what a request may make the server
 * hold; each field's own rule then checks its real maximum with its own message).
 */
export function wireText(typeError: string = MESSAGES.malformedRequest) {
  return z
    .string({ error: typeError })
    .max(REQUEST_TEXT_MAX_LENGTH, { error: MESSAGES.maxLength(REQUEST_TEXT_MAX_LENGTH) })
    .refine((text) => !containsNul(text), { error: MESSAGES.nulCharacter });
}
