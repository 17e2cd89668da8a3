import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderView, type OrderView } from '@common/contracts/orders';
import { api } from '@client/lib/api-client';

export async function getOrder(id: number): Promise<OrderView> {
  return api.read(orderView, `/api/orders/${id}`);
}

export const orderQueryOptions = (id: number) => queryOptions({ queryKey: [`/api/orders/${id}`], queryFn: () => getOrder(id) });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
