import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, userView, UserView } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users: the user fields plus isTemporaryPassword true. */
export async function createUser(body: CreateUserBody): Promise<UserView> {
  return await api.post<z.output<typeof userView>>('/api/users', { ...body, isTemporaryPassword: true });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-user'],
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
