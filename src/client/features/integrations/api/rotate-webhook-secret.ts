import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createdWebhook } from '@common/contracts/integrations';
import { api } from '@client/lib/api-client';
import { webhooksQueryKey } from './webhooks';

/** POST /api/admin/webhooks/{id}/rotate-secret: the new secret, answered this once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rotate-webhook-secret'],
    mutationFn: async (endpointId: number) => await api.post<z.output<typeof createdWebhook>>(`/api/admin/webhooks/${endpointId}/rotate-secret`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
