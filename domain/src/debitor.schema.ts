// Debitor: the edit form's schema (text inputs) and the server's schemas of POST/PUT /api/debitors.
import { z } from 'zod';
import { CITY_MAX_LENGTH, STREET_MAX_LENGTH, ZIP_CODE_MAX_LENGTH } from './limits';
import type { Debitor } from './entities';
import {
  masterDataFormRules,
  masterDataInputShape,
  masterDataRules,
  requiredTextRule,
  wireTypes,
} from './master-data.schema';

const addressRules = {
  street: requiredTextRule(STREET_MAX_LENGTH),
  zipCode: requiredTextRule(ZIP_CODE_MAX_LENGTH),
  city: requiredTextRule(CITY_MAX_LENGTH),
};

/** Structural schema of the request body (400 on wrong JSON types). */
export const debitorInputSchema = wireTypes.object({
  ...masterDataInputShape,
  street: wireTypes.text(),
  zipCode: wireTypes.text(),
  city: wireTypes.text(),
});

/** The rules the server checks (200 with German messages); the output is what gets stored. */
export const debitorSchema = z.object({ ...masterDataRules, ...addressRules });
export type DebitorInput = z.output<typeof debitorSchema>;

/** Edit form (react-hook-form + zodResolver). Output: the body of POST/PUT /api/debitors. */
export const debitorFormSchema = z.object({ ...masterDataFormRules, ...addressRules });
export type DebitorFormValues = z.input<typeof debitorFormSchema>;

export const emptyDebitorFormValues: DebitorFormValues = {
  number: '',
  name: '',
  street: '',
  zipCode: '',
  city: '',
  isActive: true,
};

export function toDebitorFormValues(debitor: Debitor): DebitorFormValues {
  return {
    number: String(debitor.number),
    name: debitor.name,
    street: debitor.street,
    zipCode: debitor.zipCode,
    city: debitor.city,
    isActive: debitor.isActive,
  };
}
