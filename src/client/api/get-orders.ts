import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdersQuery, OrdersResponse } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';

/**
 * The filters the server is asked for: none empty, page 1 left out (the server's default). The polling
 * cursor is for integrations (docs/integrations.md); the orders screen drops it from its address.
 */
function ordersParams({ cursor: _cursor, ...query }: OrdersQuery): Partial<Omit<OrdersQuery, 'cursor'>> {
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1)));
}

/** The GET path with its query string is the key, so each page and filter is cached on its own. */
export function ordersPath(query: OrdersQuery): string {
  const search = new URLSearchParams(Object.entries(ordersParams(query)).map(([key, value]) => [key, String(value)])).toString();
  return `/api/orders${search ? `?${search}` : ''}`;
}

export async function getOrders(query: OrdersQuery): Promise<OrdersResponse> {
  return dataOf(api.GET('/api/orders', { params: { query: ordersParams(query) } }));
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({ queryKey: [ordersPath(query)], queryFn: () => getOrders(query), placeholderData: keepPreviousData });

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}

/** One order's query key: the order page and the confirmation read it; Place Order fills it from its answer (docs/decisions/0209). */
export const orderQueryKey = (id: number) => [`/api/orders/${id}`] as const;

/** Every cached orders list and order, for invalidation after a change. */
export const isOrdersQuery = (key: readonly unknown[]) => String(key[0]).startsWith('/api/orders');
