// TRUST_PROXY (decisions.md section 12): the proxies whose X-Forwarded-For and X-Forwarded-Proto are
// believed, named by address or CIDR range. Unset trusts none, so the client address is the socket's
// and no request can choose the address its login attempts are counted under. "true" (trust anyone)
// and hop counts are refused on purpose: neither checks who sent the header (Fastify 5 refuses hop
// counts for the same reason).
import net from 'node:net';

/** Fastify's `trustProxy`: false or proxy addresses and CIDR ranges. */
export type TrustProxy = false | string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The parsed setting, or an error text naming what is wrong. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  const entries = text.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length > 0) {
    return {
      error: `erwartet die Adressen oder CIDR-Bereiche der Proxys, durch Kommas getrennt (oder loopback, linklocal, uniquelocal); nicht ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
    };
  }
  return entries;
}
