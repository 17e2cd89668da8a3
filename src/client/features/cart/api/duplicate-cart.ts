import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cartView, CartView } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** POST /api/carts/{id}/duplicate { name }: a copy of the PO, made the active one (ADR 0190). */
export async function duplicateCart({ cartId, name }: { cartId: number; name: string }): Promise<CartView> {
  return await api.post<z.output<typeof cartView>>(`/api/carts/${cartId}/duplicate`, { name });
}

export function useDuplicateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['duplicate-cart'],
    mutationFn: duplicateCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
