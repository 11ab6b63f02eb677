import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '@lp/domain/entities';
import { api, type RequestOptions } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { getAccessToken, getStoredUser, storeSession } from '../../../lib/session';

/** GET /api/users/single?name=: the login's user lookup (with the fresh token) and the session check. */
export function getUserByName(name: string, options?: RequestOptions): Promise<User> {
  return api.get<User>(withQuery('/api/users/single', { name }), options);
}

export const sessionUserQueryKey = (emailAddress: string) => ['session-user', emailAddress] as const;

/**
 * Asks the server once per page load whether the stored session still holds. A revoked or expired
 * token answers 401, which signs the user out at once instead of at the first save; changed user data
 * (an admin flag, the creditor) replaces the stored copy.
 */
export function useSessionCheck(user: User): void {
  const { data } = useQuery({
    queryKey: sessionUserQueryKey(user.emailAddress),
    queryFn: ({ signal }) => getUserByName(user.emailAddress, { signal }),
    staleTime: Infinity,
  });
  useEffect(() => {
    const token = getAccessToken();
    if (data && token && JSON.stringify(data) !== JSON.stringify(getStoredUser())) storeSession(token, data);
  }, [data]);
}
