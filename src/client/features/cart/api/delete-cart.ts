import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

export async function deleteCart(cartId: number): Promise<void> {
  await dataOf(api.DELETE('/api/carts/{id}', { params: { path: { id: cartId } } }));
}

export function useDeleteCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-cart'],
    mutationFn: deleteCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
