import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserView } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users: the user fields plus isTemporaryPassword true. */
export async function createUser(body: CreateUserBody): Promise<UserView> {
  return await dataOf(api.POST('/api/users', { body: { ...body, isTemporaryPassword: true } }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-user'],
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
