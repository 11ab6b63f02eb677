import { describe, expect, it } from 'vitest';
import {
  articleFormSchema,
  articleInputSchema,
  articleSchema,
  emptyArticleFormValues,
  toArticleFormValues,
} from './article.schema';
import { NAME_MAX_LENGTH } from './limits';
import { ARTICLE_LABELS } from './labels';
import { MESSAGES } from './messages';
import { toValidationMessages } from './validation';

describe('articleFormSchema', () => {
  it('outputs the body the API takes', () => {
    expect(articleFormSchema.parse({ number: ' 1200 ', name: ' Recyclingpapier ', isActive: false })).toEqual(
      {
        number: 1200,
        name: 'Recyclingpapier',
        isActive: false,
      },
    );
  });

  it('lists every problem of an empty form under the German labels', () => {
    const result = articleFormSchema.safeParse(emptyArticleFormValues);
    expect(toValidationMessages(result.error!, ARTICLE_LABELS)).toEqual([
      { property: 'Artikelnummer', message: MESSAGES.required },
      { property: 'Bezeichnung', message: MESSAGES.required },
    ]);
  });

  it('refuses a non-numeric number and a too long name', () => {
    const result = articleFormSchema.safeParse({
      number: 'A12',
      name: 'x'.repeat(NAME_MAX_LENGTH + 1),
      isActive: true,
    });
    expect(toValidationMessages(result.error!, ARTICLE_LABELS)).toEqual([
      { property: 'Artikelnummer', message: MESSAGES.positiveInteger },
      { property: 'Bezeichnung', message: MESSAGES.maxLength(NAME_MAX_LENGTH) },
    ]);
  });

  it('round-trips an article through the form values', () => {
    const values = toArticleFormValues({ id: 7, number: 999, name: 'Leermeldung', isActive: true });
    expect(values).toEqual({ number: '999', name: 'Leermeldung', isActive: true });
    expect(articleFormSchema.parse(values)).toEqual({ number: 999, name: 'Leermeldung', isActive: true });
  });
});

describe('articleInputSchema and articleSchema (server)', () => {
  it('refuses wrong JSON types structurally', () => {
    for (const body of [{ number: '12' }, { name: 5 }, { isActive: 'yes' }, []]) {
      expect(articleInputSchema.safeParse(body).success).toBe(false);
    }
  });

  it('lets missing values through to the rules and drops unknown fields', () => {
    const body = articleInputSchema.parse({ id: 3, name: null });
    expect(body).toEqual({ name: null });
    const result = articleSchema.safeParse({ ...body, isActive: true });
    expect(toValidationMessages(result.error!, ARTICLE_LABELS)).toEqual([
      { property: 'Artikelnummer', message: MESSAGES.required },
      { property: 'Bezeichnung', message: MESSAGES.required },
    ]);
  });

  it('refuses a fractional or negative number', () => {
    for (const number of [1.5, -2, 0]) {
      const result = articleSchema.safeParse({ number, name: 'A', isActive: true });
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.positiveInteger]);
    }
  });
});
