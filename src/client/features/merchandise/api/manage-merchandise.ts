import type { z } from 'zod';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  merchandiseAdminItem,
  MerchandiseAdminItem,
  merchandiseAdminListResponse,
  MerchandiseEditBody,
  merchandiseRemoveResponse,
  MerchandiseRemoveResponse,
} from '@common/contracts/merchandise';
import { api } from '@client/lib/api-client';

/** Manage Merchandise (docs/decisions/0131): every item, deactivated ones too; the key is the path. */
export const adminMerchandiseQueryKey = ['/api/admin/merchandise'] as const;

export function useAdminMerchandise() {
  return useQuery({
    queryKey: adminMerchandiseQueryKey,
    queryFn: () => api.get<z.output<typeof merchandiseAdminListResponse>>('/api/admin/merchandise'),
  });
}

/** The admin list and the salespeople's lists (GET /api/merchandise/...) both show what changed. */
export function invalidateMerchandise(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith('/api/merchandise/') || q.queryKey[0] === adminMerchandiseQueryKey[0],
  });
}

export function useEditMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['PATCH', '/api/admin/merchandise/:id'],
    mutationFn: async ({ id, body }: { id: number; body: MerchandiseEditBody }): Promise<MerchandiseAdminItem> =>
      await api.patch<z.output<typeof merchandiseAdminItem>>(`/api/admin/merchandise/${id}`, body),
    onSuccess: () => invalidateMerchandise(queryClient),
  });
}

export function useRemoveMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['DELETE', '/api/admin/merchandise/:id'],
    mutationFn: async (id: number): Promise<MerchandiseRemoveResponse> =>
      await api.delete<z.output<typeof merchandiseRemoveResponse>>(`/api/admin/merchandise/${id}`),
    onSuccess: () => invalidateMerchandise(queryClient),
  });
}
