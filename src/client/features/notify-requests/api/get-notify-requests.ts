import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotifyRequestStatus } from '@common/contracts/notify-requests';
import { api, dataOf } from '@client/lib/api-client';

const NOTIFY_REQUESTS_PATH = '/api/admin/notify-requests';

/** As the address bar holds it; the server checks it (notifyRequestsQuery). */
export interface NotifyRequestsPageQuery {
  sku?: string;
  user?: string;
  status?: NotifyRequestStatus;
  cursor?: string;
}

/** The query string of a page: the API's and the screen's address share it (filters and page in the URL, docs/ui-rules.md). */
export function notifyRequestsSearch(query: NotifyRequestsPageQuery): string {
  const params = new URLSearchParams();
  if (query.sku) params.set('sku', query.sku);
  if (query.user) params.set('user', query.user);
  if (query.status) params.set('status', query.status);
  if (query.cursor) params.set('cursor', query.cursor);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/admin/notify-requests: one page, newest first (docs/decisions/0214). */
export function useNotifyRequests(query: NotifyRequestsPageQuery) {
  return useQuery({
    queryKey: [`${NOTIFY_REQUESTS_PATH}${notifyRequestsSearch(query)}`],
    // Only the filters set, as in the key (notifyRequestsSearch).
    queryFn: ({ signal }) =>
      dataOf(api.GET(NOTIFY_REQUESTS_PATH, { params: { query: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) }, signal })),
    placeholderData: keepPreviousData,
  });
}
