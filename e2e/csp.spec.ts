// The login screen under the production Content-Security-Policy: not one violation. The browser
// reports each one as a `securitypolicyviolation` event; we collect them in the page (from before any
// script runs) and read them back after the screen has settled. Every other screen is checked in
// every-screen.spec.ts, together with its accessibility.
import { expect, test } from '@playwright/test';
import { cspViolations, watchCspViolations, watchConsoleCspViolations } from './support/csp';
import { inspectScreens } from './support/screens';

test('the login and logout screens raise no CSP violation', async ({ page }) => {
  await watchCspViolations(page);
  const consoleViolations = watchConsoleCspViolations(page);
  expect(await inspectScreens(page, ['/login'], cspViolations)).toEqual({});
  expect(consoleViolations).toEqual([]);
});
