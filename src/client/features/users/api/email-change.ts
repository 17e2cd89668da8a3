import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeBody, EmailChangeState, EmailConfirmBody, EmailConfirmResponse } from '@common/contracts/email-change';
import { api, dataOf } from '@client/lib/api-client';

/* The email change of docs/decisions/0203: GET the state, POST a change (password + link), POST the link's token. */

export const emailChangeQueryKey = ['/api/user/email-change'] as const;

export const emailChangeQueryOptions = () =>
  queryOptions({ queryKey: emailChangeQueryKey, queryFn: () => dataOf(api.GET('/api/user/email-change')) });

/** The confirmed address and the change waiting for its link. */
export function useEmailChange() {
  return useQuery(emailChangeQueryOptions());
}

/** POST /api/user/email-change: the answer is the new state ("we sent a link to X"). */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['request-email-change'],
    mutationFn: (body: EmailChangeBody): Promise<EmailChangeState> => dataOf(api.POST('/api/user/email-change', { body })),
    onSuccess: (state) => queryClient.setQueryData(emailChangeQueryKey, state),
  });
}

/** POST /api/user/email-change/confirm: what the confirm page calls with the link's token. */
export function useConfirmEmailChange(options: { onSuccess?: (result: EmailConfirmResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['confirm-email-change'],
    mutationFn: (body: EmailConfirmBody): Promise<EmailConfirmResponse> =>
      dataOf(api.POST('/api/user/email-change/confirm', { body })),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: emailChangeQueryKey });
      options.onSuccess?.(result);
    },
  });
}
