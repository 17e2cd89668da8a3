import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderBody, ReorderResponse } from '@common/contracts/orders';
import { cartsQueryKey } from '@client/api/get-carts';
import { api, dataOf } from '@client/lib/api-client';
import { idempotent } from '@client/lib/idempotency-key';

/**
 * POST /api/orders/{id}/reorder: copies still-orderable lines into the PO the buyer chose (a new PO
 * named after the order, the active PO or another PO; docs/decisions/0208). One key per press, so
 * a retried request never makes a second PO (ADR 0182).
 */
export async function reorder({ id, where }: { id: number; where?: ReorderBody }): Promise<ReorderResponse> {
  return await dataOf(api.POST('/api/orders/{id}/reorder', { params: { path: { id } }, body: where ?? {}, ...idempotent('reorder') }));
}

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reorder'],
    mutationFn: reorder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
