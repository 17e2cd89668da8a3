import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MerchandiseAdminItem, MerchandiseEditBody, MerchandiseRemoveResponse } from '@common/contracts/merchandise';
import { api, dataOf } from '@client/lib/api-client';

/** Manage Merchandise (docs/decisions/0131): every item, deactivated ones too; the key is the path. */
export const adminMerchandiseQueryKey = ['/api/admin/merchandise'] as const;

export function useAdminMerchandise() {
  return useQuery({
    queryKey: adminMerchandiseQueryKey,
    queryFn: () => dataOf(api.GET('/api/admin/merchandise')),
  });
}

/** The admin list and the salespeople's lists (GET /api/merchandise/...) both show what changed. */
export function invalidateMerchandise(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith('/api/merchandise/') || q.queryKey[0] === adminMerchandiseQueryKey[0],
  });
}

/**
 * The dialog's parsed values as the route reads them: an empty text is `null` in the contract's output
 * and '' on the wire (the route's schema turns '' into null again, merchandiseEditBody).
 */
export function editBodyOnWire(body: MerchandiseEditBody) {
  return {
    ...body,
    description: body.description ?? '',
    line: body.line ?? '',
    category: body.category ?? '',
    handboardType: body.handboardType ?? '',
  };
}

export function useEditMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['PATCH', '/api/admin/merchandise/:id'],
    mutationFn: async ({ id, body }: { id: number; body: MerchandiseEditBody }): Promise<MerchandiseAdminItem> =>
      await dataOf(api.PATCH('/api/admin/merchandise/{id}', { params: { path: { id } }, body: editBodyOnWire(body) })),
    onSuccess: () => invalidateMerchandise(queryClient),
  });
}

export function useRemoveMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['DELETE', '/api/admin/merchandise/:id'],
    mutationFn: async (id: number): Promise<MerchandiseRemoveResponse> =>
      await dataOf(api.DELETE('/api/admin/merchandise/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidateMerchandise(queryClient),
  });
}
