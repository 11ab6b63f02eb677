// Whether the manual entry keeps the invoice (date, number, customer, location) for its next line:
// a setting of the user on this browser, like the recent choices of the pickers.
import { KEEP_INVOICE_KEY } from './storage-keys';

const storageKey = (userId: number) => `${KEEP_INVOICE_KEY}:${userId}`;

export function readKeepInvoice(userId: number): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) === 'true';
  } catch {
    // Storage refused (private mode, a policy): the setting lasts as long as the page.
    return false;
  }
}

export function writeKeepInvoice(userId: number, keep: boolean): void {
  try {
    if (keep) localStorage.setItem(storageKey(userId), 'true');
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // As above: not remembered, still applied.
  }
}
