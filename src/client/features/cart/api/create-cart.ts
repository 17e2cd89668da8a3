import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartView, type CartView, type CreateCartBody } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';

export async function createCart(body: CreateCartBody): Promise<CartView> {
  return cartView.parse(await api.post<unknown>('/api/carts', body, idempotent('cart-create')));
}

export function useCreateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-cart'],
    mutationFn: createCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
