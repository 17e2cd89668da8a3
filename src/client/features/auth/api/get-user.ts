import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUser, type CurrentUser } from '@common/contracts/auth';
import { api, isApiError } from '@client/lib/api-client';

export const userQueryKey = ['/api/user'] as const;

/** Spec §8: a 401 on the user query means "no user", not an error. */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return currentUser.parse(await api.get<unknown>('/api/user'));
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
