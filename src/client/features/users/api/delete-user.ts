import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export async function deleteUser(id: number): Promise<void> {
  await dataOf(api.DELETE('/api/users/{id}', { params: { path: { id } } }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-user'],
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
