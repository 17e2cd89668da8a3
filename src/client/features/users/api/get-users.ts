import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type usersPage, type UsersPage, usersQuery, type UsersQueryInput } from '@common/contracts/users';
import { api } from '@client/lib/api-client';

/** Every users query starts with this key, so one invalidation refreshes every page. */
export const usersQueryKey = ['/api/users'] as const;

/** The query string of GET /api/users, checked by the same contract the route uses. */
export function usersSearchParams(input: UsersQueryInput): URLSearchParams {
  const query = usersQuery.parse(input);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export async function getUsers(input: UsersQueryInput): Promise<UsersPage> {
  return api.get<z.output<typeof usersPage>>(`/api/users?${usersSearchParams(input)}`);
}

export const usersQueryOptions = (input: UsersQueryInput) =>
  queryOptions({ queryKey: [...usersQueryKey, input], queryFn: () => getUsers(input) });

/** One page of the users table; the previous page stays on screen while the next loads. */
export function useUsers(input: UsersQueryInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(input), placeholderData: keepPreviousData, enabled: options.enabled });
}
