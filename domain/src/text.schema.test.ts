import { describe, expect, it } from 'vitest';
import { checkBookingFields, bookingInputSchema, type BookingCandidate } from './booking.schema';
import { articleInputSchema } from './article.schema';
import { BOOKING_LABELS, ARTICLE_LABELS } from './labels';
import { MESSAGES } from './messages';
import { containsForbiddenCharacter, invoiceNumberText, textLength, wireText } from './text.schema';
import { userInputSchema } from './user.schema';
import { toValidationMessages } from './validation';

const NUL = '\u0000';

describe('the text rule: no forbidden character', () => {
  it('finds a NUL anywhere in a text', () => {
    for (const text of [NUL, `a${NUL}`, `${NUL}a`, `a${NUL}b`])
      expect(containsForbiddenCharacter(text)).toBe(true);
  });

  it('finds the other control characters, bidirectional controls and lone surrogates', () => {
    for (const text of [
      'C\u001b]8;;http://evil\u0007X', // a terminal hyperlink (OSC 8)
      'Ort\b\b\bHanau', // backspaces that hide text in a console
      'a\u0001',
      'a\u000b', // vertical tab
      'a\u000c', // form feed
      'a\u007f', // DEL
      'a\u0085', // a C1 control (NEL)
      'a\u009f',
      'Rechnung\u202egpj.exe', // right-to-left override
      'a\u202a',
      'a\u2066', // left-to-right isolate
      'a\u2069',
      'SUR\ud800Z', // half of a character
      'a\udc00',
      '\ud83d', // the first half of an emoji alone
    ]) {
      expect(containsForbiddenCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('allows what real texts hold: tab and line breaks, umlauts, the euro sign, emoji, no-break spaces', () => {
    for (const text of [
      '',
      'abc',
      'Straße München',
      'a\tb',
      'Zeile 1\r\nZeile 2\nZeile 3',
      '12 €',
      'Grüße 😀',
      'Bauhof\u00a0Nord',
      'עברית', // right-to-left text itself is fine; only the overriding controls are not
      '\\0',
      '\\u0000',
    ]) {
      expect(containsForbiddenCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('wireText refuses a NUL with the German message and a wrong type with the given one', () => {
    const schema = wireText('falsch');
    expect(schema.parse('Rathaus')).toBe('Rathaus');
    expect(schema.safeParse(`Rat${NUL}haus`).error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.forbiddenCharacter,
    ]);
    expect(schema.safeParse(5).error?.issues.map((i) => i.message)).toEqual(['falsch']);
    expect(
      wireText()
        .safeParse(5)
        .error?.issues.map((i) => i.message),
    ).toEqual([MESSAGES.malformedRequest]);
  });

  it.each([
    ['master data', articleInputSchema, { number: 1, name: `Papier${NUL}` }, ARTICLE_LABELS.name],
    ['a user', userInputSchema, { emailAddress: `a${NUL}@b.de` }, 'emailAddress'],
    ['a booking', bookingInputSchema, { invoiceNumber: `RE${NUL}` }, BOOKING_LABELS.invoiceNumber],
  ] as const)('holds in the wire schema of %s, under the field', (_what, schema, body, property) => {
    const result = schema.safeParse(body);
    const labels = { ...ARTICLE_LABELS, ...BOOKING_LABELS };
    expect(toValidationMessages(result.error!, labels)).toEqual([
      { property, message: MESSAGES.forbiddenCharacter },
    ]);
  });

  it('holds in the booking field rules, which check upload cells and forms', () => {
    const valid: BookingCandidate = {
      invoiceDate: '2026-03-01',
      invoiceNumber: 'RE-1',
      net: '12.5',
      debitorNumber: 10001,
      deliveryLocation: 'Rathaus',
      articleNumber: 1200,
      additionalInformation: null,
      creditorNumber: 70001,
    };
    const check = (values: Partial<BookingCandidate>) =>
      checkBookingFields({ ...valid, ...values }, { today: '2026-03-15' });
    expect(check({})).toEqual([]);
    expect(check({ invoiceNumber: `RE${NUL}1` })).toEqual([
      { field: 'invoiceNumber', message: MESSAGES.forbiddenCharacter },
    ]);
    expect(check({ deliveryLocation: NUL })).toEqual([
      { field: 'deliveryLocation', message: MESSAGES.forbiddenCharacter },
    ]);
    expect(check({ additionalInformation: `Info${NUL}` })).toEqual([
      { field: 'additionalInformation', message: MESSAGES.forbiddenCharacter },
    ]);
  });
});

describe('textLength', () => {
  it('counts characters as PostgreSQL does, a character outside the BMP as one', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('Straße')).toBe(6);
    expect(textLength('😀'.repeat(40))).toBe(40);
    expect(textLength('a𝔸b')).toBe(3);
    // A lone surrogate (refused elsewhere) still counts once.
    expect(textLength('a\ud800b')).toBe(3);
  });
});

describe('invoiceNumberText', () => {
  it('drops invisible characters anywhere, as an identifier has no use for them', () => {
    expect(invoiceNumberText(' RE\u00ad-2025\u200b-0815\u2060 ')).toBe('RE-2025-0815');
    expect(invoiceNumberText('\ufeffR\u200c1\u200d')).toBe('R1');
    expect(invoiceNumberText('RE 2025 / 0815')).toBe('RE 2025 / 0815');
  });
});
