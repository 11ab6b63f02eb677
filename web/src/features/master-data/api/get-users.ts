import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@lp/domain/entities';
import { masterDataKeys } from '../../../api/master-data-keys';
import { api } from '../../../lib/api-client';

/** GET /api/users: every user by e-mail address, for the admins' user list (passwords never travel). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/api/users', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: masterDataKeys.list('users', false),
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
