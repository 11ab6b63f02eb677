import { getCreditorEmailAddresses } from '../../../api/get-creditor-email-addresses';

/** How many address requests run at once: enough to be quick, few enough not to flood the server. */
const PARALLEL_REQUESTS = 6;

export interface CollectedAddresses {
  /** Every address once, in the order of the creditors. */
  addresses: string[];
  /** Creditors without any active user with an address. */
  withoutAddress: number[];
}

/** The addresses of the active users of every creditor in `numbers` (GET /api/creditors/{n}/email-addresses). */
export async function collectEmailAddresses(numbers: readonly number[]): Promise<CollectedAddresses> {
  const lists: string[][] = new Array<string[]>(numbers.length);
  let next = 0;
  async function worker() {
    while (next < numbers.length) {
      const index = next++;
      lists[index] = await getCreditorEmailAddresses(numbers[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, numbers.length) }, worker));
  return {
    addresses: [...new Set(lists.flat())],
    withoutAddress: numbers.filter((_, i) => lists[i]!.length === 0),
  };
}
