/* global self, caches */
// The app shell offline (issue 57 item 3, decision 0081): with the server unreachable, a reload shows
// the portal's own page (which then says the server cannot be reached), not the browser's error page.
//
// - Pages (navigations): network first. The server's answer is always used when there is one, so a
//   deploy is never hidden behind a stale copy; the last page answer is kept as the offline shell.
// - Hashed assets (/assets/…, immutable): cache first, kept as they are loaded. When the shell
//   changes (a deploy), the assets it no longer names are dropped.
// - Never the API (/api/…): its answers hold personal data and must come from the server or not at all.
const SHELL_CACHE = 'lp-shell-v1';
const ASSET_CACHE = 'lp-assets-v1';
const SHELL_KEY = '/__shell';
// A page of the app: the server answers every page path with the shell (index.html and site config).
const SHELL_URL = '/login';

self.addEventListener('install', (event) => {
  event.waitUntil(
    refreshShell(SHELL_URL)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== SHELL_CACHE && n !== ASSET_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok && isHtml(response)) void keepShell(response.clone());
    return response;
  } catch (error) {
    const shell = await (await caches.open(SHELL_CACHE)).match(SHELL_KEY);
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

async function refreshShell(url) {
  const response = await fetch(url, { cache: 'no-store' });
  if (response.ok && isHtml(response)) await keepShell(response);
}

/** Keeps the page as the offline shell, with the assets it names; drops those of an older shell. */
async function keepShell(response) {
  const html = await response.clone().text();
  const shells = await caches.open(SHELL_CACHE);
  const previous = await shells.match(SHELL_KEY);
  if (previous && (await previous.text()) === html) return;
  await shells.put(SHELL_KEY, response);
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assets = await caches.open(ASSET_CACHE);
  if (previous) {
    for (const request of await assets.keys()) {
      if (!named.includes(new URL(request.url).pathname)) await assets.delete(request);
    }
  }
  await Promise.all(
    named.map(async (path) => {
      if (!(await assets.match(path))) {
        const answer = await fetch(path);
        if (answer.ok) await assets.put(path, answer);
      }
    }),
  );
}

function isHtml(response) {
  return (response.headers.get('content-type') ?? '').startsWith('text/html');
}
