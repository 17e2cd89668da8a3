import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser } from './fetch-user';

/** The signed-in user's cache key: its GET path, the session probe (docs/decisions/0212). */
export const userQueryKey = ['/api/session'] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
