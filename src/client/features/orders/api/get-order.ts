import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView, orderView } from '@common/contracts/orders';
import { api } from '@client/lib/api-client';
import { orderQueryKey } from '@client/api/get-orders';

export async function getOrder(id: number): Promise<OrderView> {
  return api.get<z.output<typeof orderView>>(`/api/orders/${id}`);
}

export const orderQueryOptions = (id: number) => queryOptions({ queryKey: orderQueryKey(id), queryFn: () => getOrder(id) });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
