// Registers /sw.js (web/public/sw.js): the app shell offline, so that a reload with the server
// unreachable shows the portal's page and its notice, not the browser's error page (decision 0081).
// Only the production build: the dev server serves modules the worker does not know.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's own loads, so the worker's install (the shell and its assets) does not compete
  // with them; at once when the page has loaded already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function register(): void {
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    // Without it the app works as before; only the offline reload is lost.
    console.warn('service worker not registered', error);
  });
}
