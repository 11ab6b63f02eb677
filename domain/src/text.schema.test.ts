import { describe, expect, it } from 'vitest';
import { checkBookingFields, bookingInputSchema, type BookingCandidate } from './booking.schema';
import { articleInputSchema } from './article.schema';
import { BOOKING_LABELS, ARTICLE_LABELS } from './labels';
import { MESSAGES } from './messages';
import { containsNul, wireText } from './text.schema';
import { userInputSchema } from './user.schema';
import { toValidationMessages } from './validation';

const NUL = '\u0000';

describe('the text rule: no NUL character', () => {
  it('finds a NUL anywhere in a text', () => {
    for (const text of [NUL, `a${NUL}`, `${NUL}a`, `a${NUL}b`]) expect(containsNul(text)).toBe(true);
    for (const text of ['', 'abc', 'ä\u0001\u001f\t', '\\0', '\\u0000'])
      expect(containsNul(text)).toBe(false);
  });

  it('wireText refuses a NUL with the German message and a wrong type with the given one', () => {
    const schema = wireText('falsch');
    expect(schema.parse('Rathaus')).toBe('Rathaus');
    expect(schema.safeParse(`Rat${NUL}haus`).error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.nulCharacter,
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
      { property, message: MESSAGES.nulCharacter },
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
      { field: 'invoiceNumber', message: MESSAGES.nulCharacter },
    ]);
    expect(check({ deliveryLocation: NUL })).toEqual([
      { field: 'deliveryLocation', message: MESSAGES.nulCharacter },
    ]);
    expect(check({ additionalInformation: `Info${NUL}` })).toEqual([
      { field: 'additionalInformation', message: MESSAGES.nulCharacter },
    ]);
  });
});
