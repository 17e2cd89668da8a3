import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersResponse, type UserView } from '@common/contracts/users';
import { api } from '@client/lib/api-client';

export const usersQueryKey = ['/api/users'] as const;

export async function getUsers(): Promise<UserView[]> {
  return usersResponse.parse(await api.get<unknown>('/api/users'));
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
