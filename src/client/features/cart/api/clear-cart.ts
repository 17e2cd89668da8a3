import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** DELETE /api/carts/{id}/all-items: empties all five lists. */
export async function clearCart(cartId: number): Promise<void> {
  await api.delete(`/api/carts/${cartId}/all-items`);
}

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['clear-cart'],
    mutationFn: clearCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
