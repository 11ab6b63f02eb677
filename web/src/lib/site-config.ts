// The footer's contacts and credit line come from the server's configuration, embedded in the page as
// a JSON data block (docs/decisions/0004). Without it (vite dev) the footer shows only a credit line.
import type { SiteConfig } from '@lp/domain/entities';
import { NAV_LABELS } from '@lp/domain/labels';

export const FALLBACK_SITE_CONFIG: SiteConfig = { contacts: [], creditLine: NAV_LABELS.home };

export function readSiteConfig(doc: Document = document): SiteConfig {
  const text = doc.getElementById('site-config')?.textContent;
  if (!text) return FALLBACK_SITE_CONFIG;
  try {
    return normalise(JSON.parse(text));
  } catch {
    console.error('site configuration is not valid JSON');
    return FALLBACK_SITE_CONFIG;
  }
}

// Keeps only well-formed entries, so a half-filled configuration still renders a sensible footer.
function normalise(value: unknown): SiteConfig {
  if (typeof value !== 'object' || value === null) return FALLBACK_SITE_CONFIG;
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  const contacts = (Array.isArray(v.contacts) ? v.contacts : [])
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .map((c) => ({ name: text(c.name), email: text(c.email), phone: text(c.phone) }))
    .filter((c) => c.name !== '' || c.email !== '' || c.phone !== '');
  return { contacts, creditLine: text(v.creditLine) || FALLBACK_SITE_CONFIG.creditLine };
}
