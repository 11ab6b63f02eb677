import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../lib/api-error';

/**
 * One cache for the app. A 4xx is an answer (no retry helps: forbidden stays forbidden, and a 401 has
 * already signed the user out); a 5xx or a lost connection gets two more tries. Saves never repeat
 * on their own.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
