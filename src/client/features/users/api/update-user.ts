import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserView } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export async function updateUser({ id, body }: { id: number; body: UpdateUserBody }): Promise<UserView> {
  return await dataOf(api.PATCH('/api/users/{id}', { params: { path: { id } }, body }));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-user'],
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
