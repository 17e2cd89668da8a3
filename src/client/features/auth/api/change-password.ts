import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { currentUser, CurrentUser, PasswordChangeBody } from '@common/contracts/auth';
import { api } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

/** docs/product-decisions.md: Change Password for a signed-in user. */
export async function changePassword(body: PasswordChangeBody): Promise<CurrentUser> {
  return await api.post<z.output<typeof currentUser>>('/api/user/password', body);
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
