import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeBody, emailChangeState, EmailChangeState, EmailConfirmBody, emailConfirmResponse, EmailConfirmResponse } from '@common/contracts/email-change';
import { api } from '@client/lib/api-client';

/* The email change of docs/decisions/0203: GET the state, POST a change (password + link), POST the link's token. */

export const emailChangeQueryKey = ['/api/user/email-change'] as const;

export const emailChangeQueryOptions = () =>
  queryOptions({ queryKey: emailChangeQueryKey, queryFn: () => api.get<z.output<typeof emailChangeState>>('/api/user/email-change') });

/** The confirmed address and the change waiting for its link. */
export function useEmailChange() {
  return useQuery(emailChangeQueryOptions());
}

/** POST /api/user/email-change: the answer is the new state ("we sent a link to X"). */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['request-email-change'],
    mutationFn: (body: EmailChangeBody): Promise<EmailChangeState> => api.post<z.output<typeof emailChangeState>>('/api/user/email-change', body),
    onSuccess: (state) => queryClient.setQueryData(emailChangeQueryKey, state),
  });
}

/** POST /api/user/email-change/confirm: what the confirm page calls with the link's token. */
export function useConfirmEmailChange(options: { onSuccess?: (result: EmailConfirmResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['confirm-email-change'],
    mutationFn: (body: EmailConfirmBody): Promise<EmailConfirmResponse> =>
      api.post<z.output<typeof emailConfirmResponse>>('/api/user/email-change/confirm', body),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: emailChangeQueryKey });
      options.onSuccess?.(result);
    },
  });
}
