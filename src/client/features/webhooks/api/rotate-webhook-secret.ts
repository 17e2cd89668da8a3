import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { webhooksQueryKey } from './webhooks';

/** POST /api/admin/webhooks/{id}/rotate-secret: the new secret, answered this once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rotate-webhook-secret'],
    mutationFn: async (endpointId: number) => await dataOf(api.POST('/api/admin/webhooks/{id}/rotate-secret', { params: { path: { id: endpointId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
