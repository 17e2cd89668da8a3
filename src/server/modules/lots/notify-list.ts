import {
  NOTIFY_REQUESTS_PAGE_SIZE,
  notifyRequestsCursor,
  type NotifyRequestsQuery,
  type NotifyRequestsResponse,
} from '@common/contracts/notify-requests';
import type { DbOrTx } from '../../db/client';
import type { ProductsService } from '../products';
import { listNotifyRequests } from './notify-repository';

/**
 * The admins' notify-me list (docs/decisions/0214): one page of requests, newest first, each with
 * the SKU's name (read through the products service) and who asked. One row more than the page is
 * read to know whether there is a next page.
 */
export async function notifyRequestsPage(
  deps: { db: DbOrTx; products: Pick<ProductsService, 'summaries'> },
  query: NotifyRequestsQuery,
  pageSize = NOTIFY_REQUESTS_PAGE_SIZE,
): Promise<NotifyRequestsResponse> {
  const rows = await listNotifyRequests(deps.db, { sku: query.sku, user: query.user || undefined, status: query.status, before: query.cursor }, pageSize + 1);
  const page = rows.slice(0, pageSize);
  const names = new Map((await deps.products.summaries([...new Set(page.map((r) => r.productId))])).map((p) => [p.id, p.name]));
  const last = page.at(-1);
  return {
    requests: page.map((r) => ({
      id: r.id,
      sku: r.productId,
      productName: names.get(r.productId) ?? `SKU ${r.productId}`,
      userId: r.userId,
      username: r.username,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || null,
      company: r.company,
      requestedAt: r.createdAt.toISOString(),
      status: r.sentAt ? 'sent' : 'waiting',
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > pageSize && last ? notifyRequestsCursor.encode([last.stamp, last.id]) : null,
  };
}
