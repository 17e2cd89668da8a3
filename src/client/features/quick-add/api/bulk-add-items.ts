import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkAddBody, BulkAddResponse } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';

/** POST /api/carts/{id}/bulk-items: answers how many were added and how many out-of-stock ones were skipped. */
export async function bulkAddItems({ cartId, items }: { cartId: number } & BulkAddBody): Promise<BulkAddResponse> {
  return await dataOf(api.POST('/api/carts/{id}/bulk-items', { params: { path: { id: cartId } }, body: { items }, ...idempotent('cart-bulk-add') }));
}

export function useBulkAddItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/carts/bulk-items'],
    mutationFn: bulkAddItems,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
