import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

export async function deleteCart(cartId: number): Promise<void> {
  await api.delete(`/api/carts/${cartId}`);
}

export function useDeleteCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-cart'],
    mutationFn: deleteCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
