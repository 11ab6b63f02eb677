// Serves the built web app: hashed assets cached for good and sent compressed, index.html for every other page path
// (history fallback) with the public site configuration embedded as a JSON data block.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@lp/domain/entities';
import { AppError } from '../lib/app-error';
import { isApiPath } from './authentication';

const PLACEHOLDER = '<!--site-config-->';

export async function registerWebApp(app: FastifyInstance, distDir: string | undefined, site: SiteConfig) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  let indexHtml = '';
  if (hasWebApp) {
    // JSON in a data block: '<' escaped so that no value can close the script element.
    const json = JSON.stringify(site).replace(/</g, '\\u003c');
    indexHtml = fs
      .readFileSync(indexFile, 'utf8')
      .replace(PLACEHOLDER, `<script id="site-config" type="application/json">${json}</script>`);
    await app.register(async (files) => {
      // The web app's own files need no token (authentication.ts requires one on every other route).
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await files.register(fastifyStatic, {
        root: distDir!,
        index: false,
        wildcard: false,
        // The .br/.gz twins the web build writes next to each asset, for browsers that accept them.
        preCompressed: true,
        // Its own cache-control header would overwrite ours (max-age=0 on the hashed assets).
        cacheControl: false,
        setHeaders(reply, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!hasWebApp || isApiPath(request.url) || request.method !== 'GET' || path.extname(pathname)) {
      throw AppError.notFound();
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
