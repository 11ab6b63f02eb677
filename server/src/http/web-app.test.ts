import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

// A minimal built web app: index.html with the config placeholder and one hashed asset.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<html><head><!--site-config--></head></html>');
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1);');

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

  it('never answers an API path, encoded or not, with the page', async () => {
    for (const url of ['/api/nothing', '/%61pi/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toContain('site-config');
    }
  });
});
