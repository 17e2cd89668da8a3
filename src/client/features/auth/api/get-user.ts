import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser } from './fetch-user';

export const userQueryKey = ['/api/user'] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
