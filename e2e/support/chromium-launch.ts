// How the browser tests and the bench's first-rows section start Debian's Chromium: never a downloaded
// browser, no network of its own, and without the omnibox popup that Chromium 156 builds for every new
// window.
import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts, 1.65). Chromium
 * honours only the last `--disable-features` of its command line, so a list of ours replaces
 * Playwright's unless it repeats it; checkPlaywrightFeatures() fails when Playwright's list changes.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156.0.8078.108 (Debian, since 26 Nov 2026) starts a renderer of its own for every new
 * window, and every test's browser context is one, that loads ~200 scripts of the omnibox popup
 * (chrome://omnibox-popup.top-chrome): ~1.6 s of CPU on a two-core machine, alongside the test.
 * Both are needed: either alone, or with WebUIOmniboxFullPopup or PreloadTopChromeWebUI instead,
 * leaves that renderer in place (tried, counting the browser's renderer processes).
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/**
 * Throws when the installed Playwright disables a feature the list above does not repeat: our
 * `--disable-features` would switch it back on unseen. Reads the list from playwright-core's bundle.
 */
export function checkPlaywrightFeatures(): void {
  const require = createRequire(import.meta.url);
  const bundle = fs.readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1] ?? '';
  const theirs = [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  if (theirs.length === 0) {
    throw new Error(
      "e2e/support/chromium-launch.ts: Playwright's --disable-features list not found in playwright-core",
    );
  }
  const missing = theirs.filter((feature) => !PLAYWRIGHT_DISABLED_FEATURES.includes(feature));
  if (missing.length > 0) {
    throw new Error(
      `e2e/support/chromium-launch.ts: Playwright now disables ${missing.join(', ')}; ` +
        'add them to PLAYWRIGHT_DISABLED_FEATURES',
    );
  }
}
