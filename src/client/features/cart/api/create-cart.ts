import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartView, CreateCartBody } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';

export async function createCart(body: CreateCartBody): Promise<CartView> {
  return await dataOf(api.POST('/api/carts', { body, ...idempotent('cart-create') }));
}

export function useCreateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-cart'],
    mutationFn: createCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
