import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type * as OutboxModule from './outbox';
import { subscribeFieldStatus } from './field-status';

const loadOutbox = (): Promise<typeof OutboxModule> => import('./outbox');

/**
 * The rep's queued writes and sent orders (IndexedDB, so asked whatever the network), read again
 * whenever field mode's counts move; `run` changes them and sends what it can.
 */
export function useOutbox(userId: number) {
  const client = useQueryClient();
  const queryKey = ['field-outbox', userId] as const;
  const outbox = useQuery({
    queryKey,
    queryFn: async () => {
      const module = await loadOutbox();
      const [ops, sent] = await Promise.all([module.outboxOps(userId), module.sentOrders()]);
      return { ops, sent };
    },
    networkMode: 'always',
  });
  useEffect(() => subscribeFieldStatus(() => void client.invalidateQueries({ queryKey: ['field-outbox', userId] })), [client, userId]);
  const run = useCallback(
    async (action: (module: typeof OutboxModule) => Promise<void>) => {
      const module = await loadOutbox();
      await action(module);
      await client.invalidateQueries({ queryKey: ['field-outbox', userId] });
      // A change made with a network goes at once; offline it waits for the network or the next start.
      if (navigator.onLine !== false) await module.replayOutbox(userId, client);
    },
    [userId, client],
  );
  return { ops: outbox.data?.ops, sent: outbox.data?.sent ?? [], run };
}

/**
 * One write queued from a screen other than /field (the stock row's and the catalog card's add,
 * docs/decisions/0234): the same outbox, key and replay as the field sample order.
 */
export async function queueFieldWrite(client: QueryClient, userId: number, op: Parameters<typeof OutboxModule.enqueue>[1]): Promise<void> {
  const module = await loadOutbox();
  await module.enqueue(userId, op);
  await client.invalidateQueries({ queryKey: ['field-outbox', userId] });
  if (navigator.onLine !== false) await module.replayOutbox(userId, client);
}
