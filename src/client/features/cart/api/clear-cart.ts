import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** DELETE /api/carts/{id}/all-items: empties all five lists. */
export async function clearCart(cartId: number): Promise<void> {
  await dataOf(api.DELETE('/api/carts/{id}/all-items', { params: { path: { id: cartId } } }));
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['clear-cart'],
    mutationFn: clearCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
