import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartView, type CartView } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** Spec §2 Cart select "Select": makes the cart the active one. */
export async function selectCart(cartId: number): Promise<CartView> {
  return cartView.parse(await api.patch<unknown>(`/api/carts/${cartId}`, { isActive: true }));
}

export function useSelectCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['select-cart'],
    mutationFn: selectCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
