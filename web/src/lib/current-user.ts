// The user of a protected screen. The protected layout provides it after checking the session, so
// screens below it get a User (never null) and need no checks of their own.
import { createContext, useContext } from 'react';
import type { User } from '@lp/domain/entities';

export const CurrentUserContext = createContext<User | null>(null);

/** The signed-in user; only for components below the protected layout. */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the protected layout');
  return user;
}
