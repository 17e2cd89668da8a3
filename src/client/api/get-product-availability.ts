import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { availabilityResponse, notifyResponse } from '@common/contracts/lots';
import { api } from '@client/lib/api-client';

/** GET /api/products/{id}/availability: a SKU's lots, incoming loads and next arrival. Used by catalogue and cart. */
export const availabilityQueryKey = (productId: number) => [`/api/products/${productId}/availability`] as const;

export const availabilityQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: availabilityQueryKey(productId),
    queryFn: () => api.get<z.output<typeof availabilityResponse>>(`/api/products/${productId}/availability`),
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
        ? api.put<z.output<typeof notifyResponse>>(`/api/products/${productId}/notify`, {})
        : api.delete<z.output<typeof notifyResponse>>(`/api/products/${productId}/notify`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: availabilityQueryKey(productId) }),
  });
}
