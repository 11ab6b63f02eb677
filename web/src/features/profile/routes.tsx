// Route of the profile page (Mein Profil).
import type { RouteObject } from 'react-router';

export const profileRoutes: RouteObject[] = [
  {
    path: 'profil',
    lazy: () => import('./components/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
];
