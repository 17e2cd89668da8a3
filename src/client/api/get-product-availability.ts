import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';

/** GET /api/products/{id}/availability: a SKU's lots, incoming loads and next arrival. Used by catalogue and cart. */
export const availabilityQueryKey = (productId: number) => [`/api/products/${productId}/availability`] as const;

export const availabilityQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: availabilityQueryKey(productId),
    queryFn: () => dataOf(api.GET('/api/products/{id}/availability', { params: { path: { id: productId } } })),
    staleTime: 30_000,
  });

export function useProductAvailability(productId: number, enabled = true) {
  return useQuery({ ...availabilityQueryOptions(productId), enabled });
}

/** PUT/DELETE /api/products/{id}/notify: "Notify me" when an out-of-stock SKU arrives. */
export function useStockNotice(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      on
        ? dataOf(api.PUT('/api/products/{id}/notify', { params: { path: { id: productId } } }))
        : dataOf(api.DELETE('/api/products/{id}/notify', { params: { path: { id: productId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: availabilityQueryKey(productId) }),
  });
}
