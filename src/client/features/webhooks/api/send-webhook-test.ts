import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { webhooksQueryKey } from './webhooks';

/** POST /api/admin/webhooks/{id}/test: a ping sent now; the answer says what the endpoint answered. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['send-webhook-test'],
    mutationFn: async (endpointId: number) => await dataOf(api.POST('/api/admin/webhooks/{id}/test', { params: { path: { id: endpointId } } })),
    // The ping is in the delivery log and the counts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
