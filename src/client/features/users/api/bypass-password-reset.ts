import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BypassResponse } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

/** The spec names this a GET; docs/product-decisions.md serves it as POST because it changes state. */
export async function bypassPasswordReset(userId: number): Promise<BypassResponse> {
  return await dataOf(api.POST('/api/bypass-password-reset/{userId}', { params: { path: { userId } } }));
}

export function useBypassPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bypass-password-reset'],
    mutationFn: bypassPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
