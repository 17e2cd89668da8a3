import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** PATCH /api/carts/{id} { name }: renames a PO (a name in use answers 409 on the field). */
export async function renameCart({ cartId, name }: { cartId: number; name: string }): Promise<CartView> {
  return await dataOf(api.PATCH('/api/carts/{id}', { params: { path: { id: cartId } }, body: { name } }));
}

export function useRenameCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rename-cart'],
    mutationFn: renameCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
