import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** POST /api/carts/{id}/duplicate { name }: a copy of the PO, made the active one (ADR 0190). */
export async function duplicateCart({ cartId, name }: { cartId: number; name: string }): Promise<CartView> {
  return await dataOf(api.POST('/api/carts/{id}/duplicate', { params: { path: { id: cartId } }, body: { name } }));
}

export function useDuplicateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['duplicate-cart'],
    mutationFn: duplicateCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
