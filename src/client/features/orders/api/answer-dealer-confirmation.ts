import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealerConfirmationBody, OrderView } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';
import { isOrdersQuery } from '@client/api/get-orders';

/** POST /api/orders/{id}/dealer-confirmation: a buyer's answer to an order a rep placed for the company (docs/decisions/0235). */
export async function answerDealerConfirmation({ id, body }: { id: number; body: DealerConfirmationBody }): Promise<OrderView> {
  return await dataOf(api.POST('/api/orders/{id}/dealer-confirmation', { params: { path: { id } }, body }));
}

export function useAnswerDealerConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['answer-dealer-confirmation'],
    mutationFn: answerDealerConfirmation,
    onSuccess: (order) => {
      queryClient.setQueryData([`/api/orders/${order.id}`], order);
      return queryClient.invalidateQueries({ predicate: (q) => isOrdersQuery(q.queryKey) && q.queryKey[0] !== `/api/orders/${order.id}` });
    },
  });
}
