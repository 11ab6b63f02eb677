import { describe, expect, it } from 'vitest';
import {
  creditorFormSchema,
  creditorInputSchema,
  creditorSchema,
  toCreditorFormValues,
} from './creditor.schema';
import { CREDITOR_LABELS } from './labels';
import { MESSAGES } from './messages';
import { toValidationMessages } from './validation';

describe('creditor schemas', () => {
  it('never takes lastTransactionCreationDate from a body', () => {
    const body = creditorInputSchema.parse({
      number: 70001,
      name: 'Grünes Büro GmbH',
      isActive: true,
      lastTransactionCreationDate: '2026-01-01T00:00:00.000Z',
    });
    expect(creditorSchema.parse(body)).toEqual({ number: 70001, name: 'Grünes Büro GmbH', isActive: true });
  });

  it('names problems by the creditor labels', () => {
    const result = creditorFormSchema.safeParse({ number: '', name: ' ', isActive: true });
    expect(toValidationMessages(result.error!, CREDITOR_LABELS)).toEqual([
      { property: 'Kreditornummer', message: MESSAGES.required },
      { property: 'Name', message: MESSAGES.required },
    ]);
  });

  it('round-trips a creditor through the form values', () => {
    const values = toCreditorFormValues({
      id: 1,
      number: 70001,
      name: 'Grünes Büro GmbH',
      isActive: false,
      lastTransactionCreationDate: null,
    });
    expect(creditorFormSchema.parse(values)).toEqual({
      number: 70001,
      name: 'Grünes Büro GmbH',
      isActive: false,
    });
  });
});
