import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeSession } from '../../../lib/session';
import { getUserByName, sessionUserQueryKey } from './get-user-by-name';
import { requestToken } from './request-token';

export interface Credentials {
  username: string;
  password: string;
  /** The second factor's code (Bestätigungscode), asked after a correct password. */
  otp?: string;
}

/** Signs in (spec section 4): token, then the user by name; only both together make a session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, password, otp }: Credentials) => {
      const token = await requestToken(username.trim(), password, otp?.trim());
      const user = await getUserByName(username.trim(), { token });
      return { token, user };
    },
    onSuccess: ({ token, user }) => {
      // Nothing cached for a previous user may show to this one; the user was just checked.
      queryClient.removeQueries();
      queryClient.setQueryData(sessionUserQueryKey(user.emailAddress), user);
      storeSession(token, user);
    },
  });
}
