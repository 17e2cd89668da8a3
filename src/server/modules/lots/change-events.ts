import { cappedForEvent } from '@common/contracts/webhook-events';
import type { Tx } from '../../db/client';
import type { EventPublisher } from '../webhooks';
import type { IncomingRow, LotRow } from './row-rules';

/**
 * The webhook event of one lots or incoming replacement, in the same shapes as a stock
 * upload's (ADR 0184): a lots change is a `stock.updated` listing each SKU's new level, the
 * sum of the lots sent (0 when none were, as the database's trigger sets it); an incoming
 * change is a `product.updated` (its quantityOnOrder moved). One event per replacement,
 * at most WEBHOOK_EVENT_SKU_LIMIT SKUs listed.
 */
export async function publishLotEvents(
  events: EventPublisher,
  tx: Tx,
  kind: 'lots' | 'incoming',
  skus: readonly number[],
  rows: readonly (LotRow | IncomingRow)[],
  filename: string | undefined,
): Promise<void> {
  if (skus.length === 0) return;
  const changedAt = new Date().toISOString();
  const sorted = [...skus].sort((a, b) => a - b);
  if (kind === 'lots') {
    const sums = new Map<number, number>(sorted.map((sku) => [sku, 0]));
    for (const row of rows) sums.set(row.productId, (sums.get(row.productId) ?? 0) + row.quantity);
    const items = cappedForEvent(sorted.map((sku) => ({ sku, stockLevel: String(sums.get(sku) ?? 0) })));
    await events.publish(tx, 'stock.updated', { source: 'lots', filename, changedAt, count: items.count, truncated: items.truncated, items: items.list });
    return;
  }
  const products = cappedForEvent(sorted.map((sku) => ({ sku, change: 'updated' as const })));
  await events.publish(tx, 'product.updated', { source: 'incoming', filename, changedAt, count: products.count, truncated: products.truncated, products: products.list });
}
