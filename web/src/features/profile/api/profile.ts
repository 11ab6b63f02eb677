import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Profile {
  emailAddress: string;
  receipts: boolean;
}

const PROFILE_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.get<Profile>('/api/profile', { signal }),
  });
}

export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipts: boolean) => api.put<Profile>('/api/profile/mail-settings', { receipts }),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_KEY, profile),
  });
}
