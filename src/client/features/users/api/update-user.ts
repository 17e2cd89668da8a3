import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userView, type UpdateUserBody, type UserView } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export async function updateUser({ id, body }: { id: number; body: UpdateUserBody }): Promise<UserView> {
  return userView.parse(await api.patch<unknown>(`/api/users/${id}`, body));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-user'],
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
