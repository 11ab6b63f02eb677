// Every screen of the app, per role: the list the whole-app checks (CSP, accessibility) visit.
import type { BookingWorld } from './bookings';

const ADMIN_SCREENS = [
  '/input/manual',
  '/input/csv',
  '/input/negative-report',
  '/transactions',
  '/exports',
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

/** A supplier's screens, with the edit page of its booking and its own user page. */
export function supplierScreens(world: BookingWorld, bookingId: number): string[] {
  return [
    ...SUPPLIER_SCREENS,
    `/transactions/edit?id=${bookingId}`,
    `/management/users/edit?id=${world.user.id}`,
  ];
}
