import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { webhookTestResult } from '@common/contracts/integrations';
import { api } from '@client/lib/api-client';
import { webhooksQueryKey } from './webhooks';

/** POST /api/admin/webhooks/{id}/test: a ping sent now; the answer says what the endpoint answered. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['send-webhook-test'],
    mutationFn: async (endpointId: number) => await api.post<z.output<typeof webhookTestResult>>(`/api/admin/webhooks/${endpointId}/test`),
    // The ping is in the delivery log and the counts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
