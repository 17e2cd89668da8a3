import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUser, type CurrentUser, type LoginBody } from '@common/contracts/auth';
import { api } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

export async function login(body: LoginBody): Promise<CurrentUser> {
  return currentUser.parse(await api.post<unknown>('/api/login', body));
}

export function useLogin(options: { onSuccess?: (user: CurrentUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['login'],
    mutationFn: login,
    // A 401 here is "Invalid username or password", not an ended session.
    meta: { expectsUnauthorized: true },
    onSuccess: (user) => {
      // Anything cached belonged to whoever was signed in before.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      options.onSuccess?.(user);
    },
  });
}
