// Every screen, as admin and as supplier, visited once and checked twice: no Content-Security-Policy
// violation under the production policy, and no serious or critical accessibility violation (axe-core,
// WCAG 2.1 A and AA). One walk for both checks: each screen is loaded and settles once (the walks took
// ~35 s each for the admin when the checks walked apart).
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { createBooking, createBookingWorld, type BookingWorld } from './support/bookings';
import { cspViolations, watchConsoleCspViolations, watchCspViolations } from './support/csp';
import { ADMIN } from './support/environment';
import { loginWithStoredSession } from './support/login';
import { adminScreens, inspectScreens, supplierScreens } from './support/screens';

let world: BookingWorld;
let bookingId: number;
test.beforeAll(async ({ request }) => {
  world = await createBookingWorld(request);
  bookingId = await createBooking(request, world);
});

/** Each screen's CSP and accessibility violations, by path (so a failure names the screen). */
async function walk(page: Page, paths: string[]) {
  const consoleViolations = watchConsoleCspViolations(page);
  const found = await inspectScreens(page, paths, async (screen) => [
    ...(await cspViolations(screen)).map((violation) => `CSP: ${violation}`),
    ...(await seriousViolations(screen)).map((violation) => `axe: ${violation}`),
  ]);
  return { found, consoleViolations };
}

test('no screen of an admin raises a CSP violation or has a serious accessibility violation', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await watchCspViolations(page);
  await loginWithStoredSession(page, '/transactions', ADMIN.email, ADMIN.password);
  const { found, consoleViolations } = await walk(page, adminScreens(world, bookingId));
  expect(found).toEqual({});
  expect(consoleViolations).toEqual([]);
});

test('no screen of a supplier raises a CSP violation or has a serious accessibility violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await watchCspViolations(page);
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
  const { found, consoleViolations } = await walk(page, supplierScreens(world, bookingId));
  expect(found).toEqual({});
  expect(consoleViolations).toEqual([]);
});
