import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cartView, CartView } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** Cart select "Select": makes the cart the active one. */
export async function selectCart(cartId: number): Promise<CartView> {
  return await api.patch<z.output<typeof cartView>>(`/api/carts/${cartId}`, { isActive: true });
}

export function useSelectCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['select-cart'],
    mutationFn: selectCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
