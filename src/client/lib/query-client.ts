import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { logError } from './log-error';

/** The signed-in user's query key; its GET path, the session probe (queries GET their key path; docs/decisions/0212). */
const USER_QUERY_KEY = ['/api/session'] as const;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Set on calls where a 401 is an answer (wrong login), not a sign that the session ended. */
      expectsUnauthorized?: boolean;
    };
  }
}

/**
 * The 401 rule, in one place: when any call answers 401 the session may
 * have ended, so the user query is re-checked; if the server no longer knows us it
 * answers `{ user: null }`, the user becomes null and the route guards send us to /auth.
 */
function recheckSession(client: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status === 401) {
    void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        logError(error, String(query.queryKey[0]));
        recheckSession(client, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        logError(error, mutation.options.mutationKey?.join(' ') ?? 'mutation');
        if (!mutation.meta?.expectsUnauthorized) recheckSession(client, error);
      },
    }),
    defaultOptions: {
      // No refetch interval, no refetch on focus, data never stale, no retries.
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
