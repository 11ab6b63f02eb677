import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

// A minimal built web app: index.html with the config placeholder and one hashed asset.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<html><head><!--site-config--></head></html>');
fs.mkdirSync(path.join(distDir, 'assets'));
const ASSET = 'console.log("Lieferantenportal");'.repeat(50);
fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), ASSET);
// The twins the web build writes (vite.config.ts, vite-plugin-compression2).
fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(ASSET));
fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(ASSET));
// A file too small to gain from compression has no twins.
fs.writeFileSync(path.join(distDir, 'assets', 'tiny-abc123.css'), 'a{}');

const t = useTestApp({ webDistDir: distDir });

describe('web app files', () => {
  it('serves the files and the history fallback without a token', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    for (const url of ['/', '/transactions', '/users/1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('id="site-config"');
    }
  });

  it('sends hashed assets compressed where accepted, and cached for good', async () => {
    const url = '/assets/app-abc123.js';
    const cases = [
      { accept: 'br, gzip', encoding: 'br', decode: zlib.brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: zlib.gunzipSync },
      { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { accept, encoding, decode } of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(decode(res.rawPayload).toString(), accept).toBe(ASSET);
    }
  });

  it('sends a file without compressed twins as it is, to every browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-abc123.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
  });

  it('sends the page itself uncached, so a new build is picked up', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/transactions' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an API path, encoded or not, with the page', async () => {
    for (const url of ['/api/nothing', '/%61pi/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toContain('site-config');
    }
  });
});
