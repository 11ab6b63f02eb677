// The rules every text the product takes in obeys: trimmed of spaces and invisible characters, and no
// character that a stored text may not hold (see FORBIDDEN). PostgreSQL's text type cannot hold a NUL
// and refuses the whole statement; the other control characters, the bidirectional overrides and lone
// surrogates it would store, to come out unseen, misleading or garbled in lists and exports. Each is
// turned away where the text enters (request schemas, the server's request guard, upload cells) with
// a German message, never a 500.
import { z } from 'zod';
import { REQUEST_TEXT_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';

/** The invisible format characters (zero-width space and joiners, word joiner, BOM), as a class body. */
const INVISIBLE_CLASS = '\\u200b-\\u200d\\u2060\\ufeff';
/** Spaces and the invisible format characters at either end of a text. */
const EDGES = new RegExp(`^[\\s${INVISIBLE_CLASS}]+|[\\s${INVISIBLE_CLASS}]+$`, 'g');

/**
 * The text without spaces and invisible characters at either end: a field holding only a zero-width
 * space (pasted from a web page or a PDF) is empty, and "required" says so.
 */
export function trimText(text: string): string {
  return text.replace(EDGES, '');
}

/** The invisible format characters and the soft hyphen, anywhere in a text. */
const INVISIBLE = new RegExp(`[\\u00ad${INVISIBLE_CLASS}]`, 'g');

/**
 * An invoice number as it is stored: trimmed, and without invisible characters anywhere in it. Pasted
 * from a PDF, "RE-2025\u00ad-0815" looks like RE-2025-0815 but is another text: the search for it
 * finds nothing and the duplicate check misses the same invoice typed by hand. An identifier has no
 * use for them (a name may: the joiner inside an emoji sequence, so other texts keep theirs).
 */
export function invoiceNumberText(text: string): string {
  return trimText(text).replace(INVISIBLE, '');
}

/**
 * What no stored text may hold:
 * - the C0 control characters except tab, line feed and carriage return (NUL; ESC, which starts a
 *   terminal's escape sequences in a CSV opened in a console; backspace, which hides text there);
 * - DEL and the C1 control characters (U+0080–U+009F; a Windows-1252 upload has them turned into €, „
 *   and the like before this rule sees them);
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a
 *   text read other than its characters are ("Trojan Source");
 * - a lone surrogate (half of a character), which UTF-8 cannot encode: it would be stored as U+FFFD
 *   and then match other texts, e.g. as a duplicate invoice number.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's job
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

/**
 * A text's length in characters as the user counts them and PostgreSQL's varchar(n) does: code
 * points. JavaScript's `length` counts UTF-16 units, two for "😀" or "𝔸", so 40 such characters were
 * refused as "Maximal 50 Zeichen erlaubt."
 */
export function textLength(text: string): number {
  // A string's iterator yields code points (a lone surrogate as one); counted without an array.
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Line breaks and tabs (and the Unicode line and paragraph separators): allowed in a free text, but
 * not in a one-line field such as a name or an address. A name like "X\r\nBcc: evil@example.org" would
 * otherwise be stored as sent and could end up in a mail header or break a line of an export.
 */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** Whether the text holds a line break or a tab (LINE_BREAK): a one-line field refuses it. */
export function containsLineBreak(text: string): boolean {
  return LINE_BREAK.test(text);
}

/** Whether the text holds a character that no stored text may (FORBIDDEN). */
export function containsForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * A text of a request body: a wrong type is `typeError`, a forbidden character its German message, and
 * no text is longer than REQUEST_TEXT_MAX_LENGTH (a bound on what a request may make the server
 * hold; each field's own rule then checks its real maximum with its own message).
 */
export function wireText(typeError: string = MESSAGES.malformedRequest) {
  return z
    .string({ error: typeError })
    .max(REQUEST_TEXT_MAX_LENGTH, { error: MESSAGES.maxLength(REQUEST_TEXT_MAX_LENGTH) })
    .refine((text) => !containsForbiddenCharacter(text), { error: MESSAGES.forbiddenCharacter });
}
