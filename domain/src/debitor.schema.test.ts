import { describe, expect, it } from 'vitest';
import { CITY_MAX_LENGTH, STREET_MAX_LENGTH, ZIP_CODE_MAX_LENGTH } from './limits';
import {
  debitorFormSchema,
  debitorInputSchema,
  debitorSchema,
  emptyDebitorFormValues,
  toDebitorFormValues,
} from './debitor.schema';
import { DEBITOR_LABELS } from './labels';
import { MESSAGES } from './messages';
import { toValidationMessages } from './validation';

describe('debitor schemas', () => {
  it('requires number, name, street, zip code and city', () => {
    const result = debitorFormSchema.safeParse(emptyDebitorFormValues);
    expect(toValidationMessages(result.error!, DEBITOR_LABELS)).toEqual([
      { property: 'Debitornummer', message: MESSAGES.required },
      { property: 'Name', message: MESSAGES.required },
      { property: 'Straße und Hausnummer', message: MESSAGES.required },
      { property: 'PLZ', message: MESSAGES.required },
      { property: 'Ort', message: MESSAGES.required },
    ]);
  });

  it('bounds the address fields by the constants', () => {
    const result = debitorSchema.safeParse({
      number: 10001,
      name: 'Stadtverwaltung',
      street: 's'.repeat(STREET_MAX_LENGTH + 1),
      zipCode: '1'.repeat(ZIP_CODE_MAX_LENGTH + 1),
      city: 'c'.repeat(CITY_MAX_LENGTH + 1),
      isActive: true,
    });
    expect(toValidationMessages(result.error!, DEBITOR_LABELS)).toEqual([
      { property: 'Straße und Hausnummer', message: MESSAGES.maxLength(STREET_MAX_LENGTH) },
      { property: 'PLZ', message: MESSAGES.maxLength(ZIP_CODE_MAX_LENGTH) },
      { property: 'Ort', message: MESSAGES.maxLength(CITY_MAX_LENGTH) },
    ]);
  });

  it('refuses wrong JSON types structurally but lets nulls reach the rules', () => {
    expect(debitorInputSchema.safeParse({ zipCode: 60311 }).success).toBe(false);
    const body = debitorInputSchema.parse({
      number: 10001,
      name: 'A',
      street: null,
      zipCode: null,
      city: null,
    });
    expect(debitorSchema.safeParse({ ...body, isActive: true }).error?.issues).toHaveLength(3);
  });

  it('round-trips a debitor through the form values, trimmed', () => {
    const debitor = {
      id: 1,
      number: 10001,
      name: 'Kita Langen',
      street: 'Am Markt 3 ',
      zipCode: '63225',
      city: 'Langen',
      isActive: true,
    };
    expect(debitorFormSchema.parse(toDebitorFormValues(debitor))).toEqual({
      number: 10001,
      name: 'Kita Langen',
      street: 'Am Markt 3',
      zipCode: '63225',
      city: 'Langen',
      isActive: true,
    });
  });
});
