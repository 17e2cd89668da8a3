import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import type { PlaceOrderBody, ShipToLocationView, SubmitForApprovalResponse } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/*
 * A dealer company's PO (docs/decisions/0233): submit for approval, share with the company, and the
 * company's saved ship-to locations for checkout.
 */

export async function submitForApproval(body: PlaceOrderBody): Promise<SubmitForApprovalResponse> {
  return await dataOf(api.POST('/api/orders/submit', { body }));
}

export function useSubmitForApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['submit-for-approval'],
    mutationFn: submitForApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}

export async function shareCart({ cartId, shared }: { cartId: number; shared: boolean }): Promise<CartView> {
  return await dataOf(api.PATCH('/api/carts/{id}', { params: { path: { id: cartId } }, body: { sharedWithCompany: shared } }));
}

export function useShareCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['share-cart'],
    mutationFn: shareCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}

export const shipToLocationsQueryKey = ['/api/orders/ship-to-locations'] as const;

export async function getShipToLocations(): Promise<ShipToLocationView[]> {
  return await dataOf(api.GET('/api/orders/ship-to-locations'));
}

export function useShipToLocations(enabled: boolean) {
  return useQuery({ queryKey: shipToLocationsQueryKey, queryFn: getShipToLocations, enabled, staleTime: 60_000 });
}

export const sharedCartsQueryKey = ['/api/carts', 'shared'] as const;

/** GET /api/carts/shared: the POs the company's other buyers shared with it. */
export function useSharedCarts(enabled: boolean) {
  return useQuery({ queryKey: sharedCartsQueryKey, queryFn: async (): Promise<CartView[]> => dataOf(api.GET('/api/carts/shared')), enabled });
}
