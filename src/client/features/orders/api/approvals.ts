import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import type { ApproveBody, OrderView } from '@common/contracts/orders';
import { isOrdersQuery } from '@client/api/get-orders';
import { api, dataOf } from '@client/lib/api-client';
import { idempotent } from '@client/lib/idempotency-key';

/** GET /api/approvals and one PO of it: the company's POs waiting for its admin (docs/decisions/0233). */
export const approvalsQueryKey = ['/api/approvals'] as const;

export function useApprovals() {
  return useQuery({ queryKey: approvalsQueryKey, queryFn: async (): Promise<CartView[]> => dataOf(api.GET('/api/approvals')) });
}

export function useApproval(id: number) {
  return useQuery({
    queryKey: [...approvalsQueryKey, id],
    queryFn: async (): Promise<CartView> => dataOf(api.GET('/api/approvals/{id}', { params: { path: { id } } })),
    // The prices the admin approves are the ones on screen: read again on focus.
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

/** The prices on screen, so an approval at prices that moved is refused with the new ones (docs/decisions/0206). */
export function approvalBody(cart: CartView): ApproveBody {
  return { items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, seenPrice: i.product.price })) };
}

export function useApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['approve-po'],
    mutationFn: async ({ id, body }: { id: number; body: ApproveBody }): Promise<OrderView> =>
      dataOf(api.POST('/api/approvals/{id}/approve', { params: { path: { id } }, body, ...idempotent('approve') })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
        queryClient.invalidateQueries({ predicate: (q) => isOrdersQuery(q.queryKey) }),
      ]),
  });
}

export function useReturnPo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['return-po'],
    mutationFn: async ({ id, note }: { id: number; note: string }) =>
      dataOf(api.POST('/api/approvals/{id}/return', { params: { path: { id } }, body: { note } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
