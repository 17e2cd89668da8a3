import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cartView, CartView } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** PATCH /api/carts/{id} { name }: renames a PO (a name in use answers 409 on the field). */
export async function renameCart({ cartId, name }: { cartId: number; name: string }): Promise<CartView> {
  return await api.patch<z.output<typeof cartView>>(`/api/carts/${cartId}`, { name });
}

export function useRenameCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rename-cart'],
    mutationFn: renameCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
