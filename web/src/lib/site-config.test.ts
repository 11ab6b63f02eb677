import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_SITE_CONFIG, readSiteConfig } from './site-config';

function embed(text: string) {
  const script = document.createElement('script');
  script.id = 'site-config';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById('site-config')?.remove());

describe('readSiteConfig', () => {
  it('reads the block the server embeds', () => {
    const site = {
      contacts: [{ name: 'Erika Musterfrau', email: 'erika@example.org', phone: '+49 30 1' }],
      creditLine: 'Ein Angebot der Ökobeschaffung',
    };
    embed(JSON.stringify(site));
    expect(readSiteConfig()).toEqual(site);
  });

  it('falls back when the block is absent (vite dev) or broken', () => {
    expect(readSiteConfig()).toEqual(FALLBACK_SITE_CONFIG);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    embed('{not json');
    expect(readSiteConfig()).toEqual(FALLBACK_SITE_CONFIG);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('drops malformed contacts and keeps a credit line', () => {
    embed(JSON.stringify({ contacts: [null, { name: 'Max', email: 3 }, {}], creditLine: '' }));
    expect(readSiteConfig()).toEqual({
      contacts: [{ name: 'Max', email: '', phone: '' }],
      creditLine: FALLBACK_SITE_CONFIG.creditLine,
    });
  });
});
