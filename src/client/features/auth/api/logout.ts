import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { handOverSession } from '../lib/session-hand-over';
import { userQueryKey } from './get-user';

export async function logout(): Promise<void> {
  await dataOf(api.POST('/api/logout'));
}

/** Logout returns to anonymous; no one else's data may stay in the cache. */
export function useLogout(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['logout'],
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      // Known answer, so /auth renders at once instead of asking the server again.
      queryClient.setQueryData(userQueryKey, null);
      handOverSession(null);
      options.onSuccess?.();
    },
  });
}
