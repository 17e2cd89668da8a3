import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import type { ReorderResponse } from '@common/contracts/orders';
import type { ActingCompaniesResponse } from '@common/contracts/reps';
import { api, dataOf } from '@client/lib/api-client';
import { idempotent } from '@client/lib/idempotency-key';

/** The signed-in user's query (the auth feature's `userQueryKey`): the session answers it. */
const SESSION_KEY = ['/api/session'] as const;

/** The companies this rep may order for (GET /api/acting/companies; docs/decisions/0235). */
export function useAssignedCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/acting/companies', ''],
    queryFn: async (): Promise<ActingCompaniesResponse> => dataOf(api.GET('/api/acting/companies', { params: { query: {} } })),
    enabled,
  });
}

/**
 * Samples to a PO (docs/decisions/0235): the rep starts ordering for the dealer, then the sample
 * order's tiles go into a new PO of that dealer, one box each for the rep to fill in. Starting to
 * act changes every price and cart the screens show, so cached answers are dropped, as the header's
 * "Order for a dealer" does.
 */
export function useDealerPoFromSamples() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dealer-po-from-samples'],
    mutationFn: async ({ orderId, companyId }: { orderId: number; companyId: number }): Promise<{ user: CurrentUser; result: ReorderResponse }> => {
      const user = await dataOf(api.POST('/api/session/acting', { body: { companyId } }));
      const result = await dataOf(api.POST('/api/orders/{id}/reorder', { params: { path: { id: orderId } }, body: {}, ...idempotent('reorder') }));
      return { user, result };
    },
    onSettled: (data) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      if (data) queryClient.setQueryData(SESSION_KEY, data.user);
    },
  });
}
