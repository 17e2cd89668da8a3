import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordResponse } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** docs/product-decisions.md: a generated temporary password; the user's sessions end. */
export async function resetUserPassword(id: number): Promise<ResetPasswordResponse> {
  return await dataOf(api.POST('/api/users/{id}/reset-password', { params: { path: { id } } }));
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reset-user-password'],
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
