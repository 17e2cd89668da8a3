import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** Cart select "Select": makes the cart the active one. */
export async function selectCart(cartId: number): Promise<CartView> {
  return await dataOf(api.PATCH('/api/carts/{id}', { params: { path: { id: cartId } }, body: { isActive: true } }));
}

export function useSelectCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['select-cart'],
    mutationFn: selectCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
