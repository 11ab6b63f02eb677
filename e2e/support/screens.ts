// Every screen of the app, per role: the list the whole-app checks (CSP, accessibility) visit, and
// the visit itself.
import { expect, type Page } from '@playwright/test';
import type { BookingWorld } from './bookings';

const ADMIN_SCREENS = [
  '/input/manual',
  '/input/csv',
  '/input/negative-report',
  '/transactions',
  '/exports',
  '/outbox',
  '/outbox/reminders',
  '/status',
  '/management',
  '/management/articles',
  '/management/creditors',
  '/management/debitors',
  '/management/users',
  '/management/articles/edit?id=new',
  '/management/creditors/edit?id=new',
  '/management/debitors/edit?id=new',
  '/management/users/edit?id=new',
  '/no-such-screen',
];

const SUPPLIER_SCREENS = [
  '/input/manual',
  '/input/csv',
  '/input/negative-report',
  '/transactions',
  '/status',
  '/management',
];

/** An admin's screens, with the edit pages of the world's records and of a stored booking. */
export function adminScreens(world: BookingWorld, bookingId: number): string[] {
  return [
    ...ADMIN_SCREENS,
    `/transactions/edit?id=${bookingId}`,
    `/management/creditors/edit?id=${world.creditor.number}`,
    `/management/users/edit?id=${world.user.id}`,
  ];
}

/**
 * Opens each path, waits until its screen has settled (heading shown, network idle) and collects what
 * `inspect` finds wrong there, by path: a failure names the screen.
 */
export async function inspectScreens(
  page: Page,
  paths: string[],
  inspect: (page: Page) => Promise<string[]>,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const problems = await inspect(page);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/** A supplier's screens, with the edit page of its booking and its own user page. */
export function supplierScreens(world: BookingWorld, bookingId: number): string[] {
  return [
    ...SUPPLIER_SCREENS,
    `/transactions/edit?id=${bookingId}`,
    `/management/users/edit?id=${world.user.id}`,
  ];
}
