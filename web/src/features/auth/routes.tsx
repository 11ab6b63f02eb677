import type { RouteObject } from 'react-router';
import { redirectIfSignedIn } from '../../lib/session-loaders';

export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: redirectIfSignedIn,
    lazy: () => import('./components/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'logout',
    lazy: () => import('./components/logout-page').then((m) => ({ Component: m.LogoutPage })),
  },
];
