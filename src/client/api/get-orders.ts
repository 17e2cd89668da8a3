import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdersQuery, OrdersResponse, ordersResponse } from '@common/contracts/orders';
import { api } from '@client/lib/api-client';

/** The GET path with its query string is the key, so each page and filter is cached on its own. */
export function ordersPath(query: OrdersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/orders${search ? `?${search}` : ''}`;
}

export async function getOrders(path: string): Promise<OrdersResponse> {
  return api.get<z.output<typeof ordersResponse>>(path);
}

export const ordersQueryOptions = (query: OrdersQuery) => {
  const path = ordersPath(query);
  return queryOptions({ queryKey: [path], queryFn: () => getOrders(path), placeholderData: keepPreviousData });
};

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}

/** One order's query key: the order page and the confirmation read it; Place Order fills it from its answer (docs/decisions/0209). */
export const orderQueryKey = (id: number) => [`/api/orders/${id}`] as const;

/** Every cached orders list and order, for invalidation after a change. */
export const isOrdersQuery = (key: readonly unknown[]) => String(key[0]).startsWith('/api/orders');
