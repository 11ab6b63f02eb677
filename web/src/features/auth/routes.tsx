import type { RouteObject } from 'react-router';
import { redirectIfSignedIn } from '../../lib/session-loaders';

export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    loader: redirectIfSignedIn,
    lazy: () => import('./components/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'passwort-vergessen',
    lazy: () =>
      import('./components/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password',
    lazy: () => import('./components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'logout',
    lazy: () => import('./components/logout-page').then((m) => ({ Component: m.LogoutPage })),
  },
];
