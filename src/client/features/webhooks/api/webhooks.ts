import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookBody } from '@common/contracts/integrations';
import { api, dataOf } from '@client/lib/api-client';

export const webhooksQueryKey = ['/api/admin/webhooks'] as const;
const deliveriesKey = (endpointId: number, before?: number) => [...webhooksQueryKey, endpointId, 'deliveries', before ?? null] as const;

/** The senders work in the background: the screen looks again every few seconds while it is open. */
const REFRESH_MS = 5_000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: async () => (await dataOf(api.GET('/api/admin/webhooks'))).endpoints,
    refetchInterval: REFRESH_MS,
  });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

export function useDeliveries(endpointId: number, before?: number) {
  return useQuery({
    queryKey: deliveriesKey(endpointId, before),
    queryFn: async () =>
      await dataOf(api.GET('/api/admin/webhooks/{id}/deliveries', { params: { path: { id: endpointId }, query: before ? { before } : {} } })),
    refetchInterval: before ? false : REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-webhook'],
    mutationFn: async (body: CreateWebhookBody): Promise<CreatedWebhook> => await dataOf(api.POST('/api/admin/webhooks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useSetWebhookStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-webhook-status'],
    mutationFn: async ({ id, status }: { id: number; status: 'active' | 'paused' }) =>
      await dataOf(api.PATCH('/api/admin/webhooks/{id}', { params: { path: { id } }, body: { status } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-webhook'],
    mutationFn: async (id: number) => {
      await dataOf(api.DELETE('/api/admin/webhooks/{id}', { params: { path: { id } } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resend-delivery'],
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      await dataOf(api.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { id: endpointId, deliveryId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
