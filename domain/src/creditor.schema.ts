// Creditor: the edit form's schema (text inputs) and the server's schemas of POST/PUT /api/creditors.
// lastTransactionCreationDate is computed by the server and never taken from a body.
import { z } from 'zod';
import type { Creditor } from './entities';
import { masterDataFormRules, masterDataInputShape, masterDataRules, wireTypes } from './master-data.schema';

/** Structural schema of the request body (400 on wrong JSON types). */
export const creditorInputSchema = wireTypes.object(masterDataInputShape);

/** The rules the server checks (200 with German messages); the output is what gets stored. */
export const creditorSchema = z.object(masterDataRules);
export type CreditorInput = z.output<typeof creditorSchema>;

/** Edit form (react-hook-form + zodResolver). Output: the body of POST/PUT /api/creditors. */
export const creditorFormSchema = z.object(masterDataFormRules);
export type CreditorFormValues = z.input<typeof creditorFormSchema>;

export const emptyCreditorFormValues: CreditorFormValues = { number: '', name: '', isActive: true };

export function toCreditorFormValues(creditor: Creditor): CreditorFormValues {
  return { number: String(creditor.number), name: creditor.name, isActive: creditor.isActive };
}
