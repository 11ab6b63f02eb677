import { Navigate, Outlet } from 'react-router';
import type { User } from '@lp/domain/entities';
import { useSessionCheck } from '../../features/auth/api/get-user-by-name';
import { SecondFactorGate } from '../../features/profile/components/second-factor-gate';
import { CurrentUserContext } from '../../lib/current-user';
import { useSessionUser } from '../../lib/use-session-user';

/**
 * The signed-in area. The route's loader checks the stored session before any screen loads; this
 * component follows the session while a screen is open (a 401 or a sign-out in another tab clears
 * it) and has the server confirm it once per page load.
 */
export function ProtectedLayout() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  return <SignedIn user={user} />;
}

function SignedIn({ user }: { user: User }) {
  useSessionCheck(user);
  return (
    <CurrentUserContext value={user}>
      <SecondFactorGate>
        <Outlet />
      </SecondFactorGate>
    </CurrentUserContext>
  );
}
