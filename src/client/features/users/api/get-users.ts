import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type UsersPage, usersQuery, type UsersQueryInput } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';

/** Every users query starts with this key, so one invalidation refreshes every page. */
export const usersQueryKey = ['/api/users'] as const;

export async function getUsers(input: UsersQueryInput): Promise<UsersPage> {
  const { temporaryPassword, search, ...query } = usersQuery.parse(input);
  // The query string carries the flag as text and leaves an empty search out.
  const flag = temporaryPassword === undefined ? undefined : temporaryPassword ? 'true' : 'false';
  return await dataOf(api.GET('/api/users', { params: { query: { ...query, temporaryPassword: flag, search: search || undefined } } }));
}

export const usersQueryOptions = (input: UsersQueryInput) =>
  queryOptions({ queryKey: [...usersQueryKey, input], queryFn: () => getUsers(input) });

/** One page of the users table; the previous page stays on screen while the next loads. */
export function useUsers(input: UsersQueryInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(input), placeholderData: keepPreviousData, enabled: options.enabled });
}
