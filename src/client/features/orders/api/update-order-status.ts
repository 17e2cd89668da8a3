import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@common/contracts/orders';
import type { OrderStatus } from '@common/domain/order-status';
import { api, dataOf } from '@client/lib/api-client';
import { isOrdersQuery } from '@client/api/get-orders';

/** PATCH /api/orders/{id} (admins; docs/product-decisions.md order statuses). */
export async function updateOrderStatus({ id, status }: { id: number; status: OrderStatus }): Promise<OrderView> {
  return await dataOf(api.PATCH('/api/orders/{id}', { params: { path: { id } }, body: { status } }));
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-order-status'],
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData([`/api/orders/${order.id}`], order);
      return queryClient.invalidateQueries({ predicate: (q) => isOrdersQuery(q.queryKey) && q.queryKey[0] !== `/api/orders/${order.id}` });
    },
  });
}
