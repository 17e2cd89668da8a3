import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';
import { orderQueryKey } from '@client/api/get-orders';

export async function getOrder(id: number): Promise<OrderView> {
  return dataOf(api.GET('/api/orders/{id}', { params: { path: { id } } }));
}

export const orderQueryOptions = (id: number) => queryOptions({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id) });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
