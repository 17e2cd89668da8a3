import type { Query, QueryClient } from '@tanstack/react-query';
import { deviceDb, writeKv, type StoredQuery } from './device-db';
import { fieldStatus } from './field-status';

/**
 * The answers a rep's offline screens need besides the catalogue (docs/decisions/0227): the sample
 * order (GET /api/carts), the merchandise lists, the requested dates and closed days. Each answer is
 * saved as it arrives and put back into the query cache when the portal opens offline.
 */
const KEPT_PREFIXES = ['/api/carts', '/api/merchandise/', '/api/orders/requested-dates', '/api/calendar', '/api/system-settings'];
const PREFIX = 'query:';

export function isKeptQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return typeof path === 'string' && KEPT_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

function keep(query: Query): void {
  if (!isKeptQuery(query.queryKey) || query.state.data === undefined || query.state.status !== 'success') return;
  const stored: StoredQuery = { key: query.queryHash, queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt };
  writeKv(PREFIX + query.queryHash, stored).catch(() => undefined);
}

/** Saves every kept answer the cache holds and each one it receives from now on; answers the unsubscribe. */
export function keepQueries(client: QueryClient): () => void {
  // Answers that arrived before field mode's code loaded (the page's first data) are saved too.
  if (!fieldStatus().offline) for (const query of client.getQueryCache().getAll()) keep(query);
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') keep(event.query);
  });
}

/** Puts the saved answers back into the cache (the portal opened offline); answers their keys. */
export async function restoreQueries(client: QueryClient): Promise<(readonly unknown[])[]> {
  const rows = await deviceDb().kv.where('key').startsWith(PREFIX).toArray();
  const keys: (readonly unknown[])[] = [];
  for (const row of rows) {
    const stored = row.value as StoredQuery;
    if (client.getQueryData(stored.queryKey) !== undefined) continue;
    client.setQueryData(stored.queryKey, stored.data, { updatedAt: stored.updatedAt });
    keys.push(stored.queryKey);
  }
  return keys;
}
