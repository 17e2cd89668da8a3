import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { bypassResponse, BypassResponse } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** The spec names this a GET; docs/product-decisions.md serves it as POST because it changes state. */
export async function bypassPasswordReset(userId: number): Promise<BypassResponse> {
  return await api.post<z.output<typeof bypassResponse>>(`/api/bypass-password-reset/${userId}`);
}

export function useBypassPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bypass-password-reset'],
    mutationFn: bypassPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
