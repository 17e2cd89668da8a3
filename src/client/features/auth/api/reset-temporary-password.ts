import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, PasswordChangeBody } from '@common/contracts/auth';
import { api, dataOf } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

/** docs/product-decisions.md: the temporary-password flow; clears isTemporaryPassword. */
export async function resetTemporaryPassword(body: PasswordChangeBody): Promise<CurrentUser> {
  return await dataOf(api.POST('/api/password-reset', { body }));
}

export function useResetTemporaryPassword(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reset-temporary-password'],
    mutationFn: resetTemporaryPassword,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      options.onSuccess?.(user);
    },
  });
}
