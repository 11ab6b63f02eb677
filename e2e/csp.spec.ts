// Every screen, as admin and as supplier, under the production Content-Security-Policy: not one
// violation. The browser reports each one as a `securitypolicyviolation` event; we collect them in
// the page (from before any script runs) and read them back after the screen has settled.
import { expect, test, type Page } from '@playwright/test';
import { createBooking, createBookingWorld, type BookingWorld } from './support/bookings';
import { ADMIN } from './support/environment';
import { cspViolations, watchCspViolations } from './support/csp';
import { loginWithStoredSession } from './support/login';
import { adminScreens, inspectScreens, supplierScreens } from './support/screens';

async function watchViolations(page: Page) {
  await watchCspViolations(page);
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  return consoleViolations;
}

/** Opens each path in the running app and returns the violations seen, by path. */
const visit = (page: Page, paths: string[]) => inspectScreens(page, paths, cspViolations);

let world: BookingWorld;
let bookingId: number;
test.beforeAll(async ({ request }) => {
  world = await createBookingWorld(request);
  bookingId = await createBooking(request, world);
});

test('the login and logout screens raise no CSP violation', async ({ page }) => {
  const consoleViolations = await watchViolations(page);
  expect(await visit(page, ['/login'])).toEqual({});
  expect(consoleViolations).toEqual([]);
});

test('every screen of an admin raises no CSP violation', async ({ page }) => {
  // Every screen in turn: 17-18 s on our machines, more on a slower one.
  test.setTimeout(90_000);
  const consoleViolations = await watchViolations(page);
  await loginWithStoredSession(page, '/transactions', ADMIN.email, ADMIN.password);
  expect(await visit(page, adminScreens(world, bookingId))).toEqual({});
  expect(consoleViolations).toEqual([]);
});

test('every screen of a supplier raises no CSP violation', async ({ page }) => {
  test.setTimeout(90_000);
  const consoleViolations = await watchViolations(page);
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
  expect(await visit(page, supplierScreens(world, bookingId))).toEqual({});
  expect(consoleViolations).toEqual([]);
});
