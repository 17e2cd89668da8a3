import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { resetPasswordResponse, ResetPasswordResponse } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** docs/product-decisions.md: a generated temporary password; the user's sessions end. */
export async function resetUserPassword(id: number): Promise<ResetPasswordResponse> {
  return await api.post<z.output<typeof resetPasswordResponse>>(`/api/users/${id}/reset-password`);
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reset-user-password'],
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
