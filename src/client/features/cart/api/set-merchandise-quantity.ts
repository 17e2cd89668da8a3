import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchandiseQuantitiesResponse } from '@common/contracts/carts';
import { merchandiseList, type MerchandiseType } from '@common/domain/cart-rules';
import { api } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from './get-carts';

interface Variables {
  cartId: number;
  type: MerchandiseType;
  code: string;
  quantity: number;
}

/** PUT /api/carts/{id}/merchandise/{type}/{code}: one entry's quantity; 0 removes it (spec §4). */
export async function setMerchandiseQuantity({ cartId, type, code, quantity }: Variables) {
  return merchandiseQuantitiesResponse.parse(
    await api.put<unknown>(`/api/carts/${cartId}/merchandise/${type}/${encodeURIComponent(code)}`, { quantity }),
  );
}

export function useSetMerchandiseQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-merchandise-quantity'],
    mutationFn: setMerchandiseQuantity,
    onMutate: ({ cartId, type, code, quantity }) => {
      const key = merchandiseList(type).key;
      return patchCachedCart(queryClient, cartId, (cart) => ({
        ...cart,
        [key]: cart[key].flatMap((m) => (m.code !== code ? [m] : quantity > 0 ? [{ ...m, quantity }] : [])),
      }));
    },
    onError: (_error, _variables, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
