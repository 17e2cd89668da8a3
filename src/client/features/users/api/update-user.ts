import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, userView, UserView } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export async function updateUser({ id, body }: { id: number; body: UpdateUserBody }): Promise<UserView> {
  return await api.patch<z.output<typeof userView>>(`/api/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-user'],
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
