import { describe, expect, it } from 'vitest';
import { BUSINESS_NUMBER_MAX } from './limits';
import { businessNumberRule, businessNumberTextRule, requiredTextRule } from './master-data.schema';
import { MASTER_DATA_MESSAGES, MESSAGES } from './messages';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('businessNumberRule (wire)', () => {
  it.each([1, 999, BUSINESS_NUMBER_MAX])('takes %d', (n) => expect(businessNumberRule.parse(n)).toBe(n));

  it.each([
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
    [0, MESSAGES.positiveInteger],
    [-3, MESSAGES.positiveInteger],
    [1.5, MESSAGES.positiveInteger],
    [-1.5, MESSAGES.positiveInteger],
    [BUSINESS_NUMBER_MAX + 1, MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX)],
  ])('refuses %j with one German message', (input, message) =>
    expect(messages(businessNumberRule.safeParse(input))).toEqual([message]),
  );
});

describe('businessNumberTextRule (form)', () => {
  it.each([
    ['1200', 1200],
    [' 42 ', 42],
    ['000999', 999],
  ])('reads %j', (input, expected) => expect(businessNumberTextRule.parse(input)).toBe(expected));

  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['12a', MESSAGES.positiveInteger],
    ['-5', MESSAGES.positiveInteger],
    ['1,5', MESSAGES.positiveInteger],
    ['0', MESSAGES.positiveInteger],
    ['99999999999', MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX)],
  ])('refuses %j', (input, message) =>
    expect(messages(businessNumberTextRule.safeParse(input))).toEqual([message]),
  );
});

describe('requiredTextRule', () => {
  const rule = requiredTextRule(5);
  it('trims and keeps the text', () => expect(rule.parse('  abc ')).toBe('abc'));
  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    [null, MESSAGES.required],
    ['abcdef', MESSAGES.maxLength(5)],
  ])('refuses %j', (input, message) => expect(messages(rule.safeParse(input))).toEqual([message]));
  it('counts the length after trimming', () => expect(rule.parse(' abcde ')).toBe('abcde'));
});

describe('requiredTextRule and invisible characters', () => {
  it('trims spaces and invisible characters, and calls a field of only those empty', () => {
    expect(requiredTextRule(10).parse(' \u200bStadt\ufeff ')).toBe('Stadt');
    expect(messages(requiredTextRule(10).safeParse('\u200b\u200c'))).toEqual([MESSAGES.required]);
  });
});

describe('requiredTextRule and characters outside the BMP', () => {
  it('bounds a text by its characters, not its UTF-16 units', () => {
    expect(requiredTextRule(5).safeParse('😀'.repeat(5)).success).toBe(true);
    const over = requiredTextRule(5).safeParse('😀'.repeat(6));
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.maxLength(5)]);
  });
});

describe('requiredTextRule and line breaks', () => {
  it.each(['X\r\nBcc: evil@example.org', 'Zeile\neins', 'A\tB', 'A\u2028B', 'A\rB'])(
    'refuses %j: a name is one line and can never add a mail header',
    (input) => expect(messages(requiredTextRule(50).safeParse(input))).toEqual([MESSAGES.lineBreak]),
  );
  it('still trims a line break at either end', () =>
    expect(requiredTextRule(10).parse('\r\nName\n')).toBe('Name'));
});
