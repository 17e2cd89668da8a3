import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, PasswordChangeBody } from '@common/contracts/auth';
import { api, dataOf } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

/** docs/product-decisions.md: Change Password for a signed-in user. */
export async function changePassword(body: PasswordChangeBody): Promise<CurrentUser> {
  return await dataOf(api.POST('/api/user/password', { body }));
}

export function useChangePassword(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['change-password'],
    mutationFn: changePassword,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      options.onSuccess?.(user);
    },
  });
}
