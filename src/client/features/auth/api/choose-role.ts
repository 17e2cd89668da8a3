import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseRoleBody, CurrentUser } from '@common/contracts/auth';
import { api, dataOf } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

/** docs/product-decisions.md: the chosen role lives in the server session. */
export async function chooseRole(body: ChooseRoleBody): Promise<CurrentUser> {
  return await dataOf(api.POST('/api/session/role', { body }));
}

export function useChooseRole(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['choose-role'],
    mutationFn: chooseRole,
    onSuccess: (user) => {
      // Cached answers (cart, prices) depend on the role, so they are dropped.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      options.onSuccess?.(user);
    },
  });
}
