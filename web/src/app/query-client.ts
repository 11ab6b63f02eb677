import { QueryClient } from '@tanstack/react-query';
import { isClientError } from '../lib/api-error';
import { onReconnect } from '../lib/reconnect';

/**
 * The cache's rules. A 4xx is an answer (no retry helps: forbidden stays forbidden, and a 401 has
 * already signed the user out); a 5xx or a lost connection gets two more tries. Saves never repeat
 * on their own. Tests build their own cache with these rules. `networkMode: 'always'`: a query the
 * browser thinks offline still runs and fails, so the page says the server is unreachable instead of
 * waiting silently (and the reconnect watch loads it again).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'always',
      },
      mutations: { retry: false },
    },
  });
}

/** One cache for the app. */
export const queryClient = createQueryClient();

// The server answers again: what failed to load is loaded again by itself (lib/reconnect.ts).
onReconnect(() => {
  void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
});
