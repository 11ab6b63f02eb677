import { api } from '../lib/api-client';

/** GET /api/creditors/{number}/email-addresses: the addresses of the creditor's active users. */
export function getCreditorEmailAddresses(creditorNumber: number): Promise<string[]> {
  return api.get<string[]>(`/api/creditors/${creditorNumber}/email-addresses`);
}
