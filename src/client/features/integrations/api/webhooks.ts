import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  createdWebhook,
  CreatedWebhook,
  CreateWebhookBody,
  webhookDeliveryList,
  webhookDeliveryView,
  webhookEndpointList,
  webhookEndpointView,
} from '@common/contracts/integrations';
import { api } from '@client/lib/api-client';

export const webhooksQueryKey = ['/api/admin/webhooks'] as const;
const deliveriesKey = (endpointId: number, before?: number) => [...webhooksQueryKey, endpointId, 'deliveries', before ?? null] as const;

/** The senders work in the background: the screen looks again every few seconds while it is open. */
const REFRESH_MS = 5_000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: async () => (await api.get<z.output<typeof webhookEndpointList>>('/api/admin/webhooks')).endpoints,
    refetchInterval: REFRESH_MS,
  });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

export function useDeliveries(endpointId: number, before?: number) {
  return useQuery({
    queryKey: deliveriesKey(endpointId, before),
    queryFn: async () =>
      await api.get<z.output<typeof webhookDeliveryList>>(`/api/admin/webhooks/${endpointId}/deliveries${before ? `?before=${before}` : ''}`),
    refetchInterval: before ? false : REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-webhook'],
    mutationFn: async (body: CreateWebhookBody): Promise<CreatedWebhook> => await api.post<z.output<typeof createdWebhook>>('/api/admin/webhooks', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useSetWebhookStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-webhook-status'],
    mutationFn: async ({ id, status }: { id: number; status: 'active' | 'paused' }) =>
      await api.patch<z.output<typeof webhookEndpointView>>(`/api/admin/webhooks/${id}`, { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-webhook'],
    mutationFn: async (id: number) => {
      await api.delete(`/api/admin/webhooks/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resend-delivery'],
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      await api.post<z.output<typeof webhookDeliveryView>>(`/api/admin/webhooks/${endpointId}/deliveries/${deliveryId}/resend`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
