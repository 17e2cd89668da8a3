import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, StartActingBody } from '@common/contracts/auth';
import type { ActingCompaniesResponse } from '@common/contracts/reps';
import { api, dataOf } from '@client/lib/api-client';
import { userQueryKey } from './get-user';

/*
 * Ordering for a dealer (docs/decisions/0235): the session keeps both identities; starting or
 * stopping changes every price, cart and order the screens show, so cached answers are dropped.
 */

function useSwitchIdentity<T>(call: (body: T) => Promise<CurrentUser>, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [key],
    mutationFn: call,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}

export function useStartActing() {
  return useSwitchIdentity((body: StartActingBody) => dataOf(api.POST('/api/session/acting', { body })), 'start-acting');
}

export function useStopActing() {
  return useSwitchIdentity((_: void) => dataOf(api.DELETE('/api/session/acting')), 'stop-acting');
}

/** The companies the signed-in rep (or admin, searched) may order for. */
export function useActingCompanies(search: string, enabled = true) {
  return useQuery({
    queryKey: ['/api/acting/companies', search],
    queryFn: async (): Promise<ActingCompaniesResponse> => dataOf(api.GET('/api/acting/companies', { params: { query: search ? { q: search } : {} } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
