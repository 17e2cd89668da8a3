import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reorderResponse, ReorderResponse } from '@common/contracts/orders';
import { cartsQueryKey } from '@client/api/get-carts';
import { api } from '@client/lib/api-client';

/** POST /api/orders/{id}/reorder: copies still-orderable lines into the active cart. */
export async function reorder(id: number): Promise<ReorderResponse> {
  return await api.post<z.output<typeof reorderResponse>>(`/api/orders/${id}/reorder`);
}

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reorder'],
    mutationFn: reorder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
