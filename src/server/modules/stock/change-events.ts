import { cappedForEvent } from '@common/contracts/webhook-events';
import type { Tx } from '../../db/client';
import type { EventPublisher } from '../webhooks';
import type { UpdatedProduct } from './repository';

/**
 * The webhook events of one stock change (ADR 0184): at most one `stock.updated` and one
 * `product.updated` per upload or batch, however many rows it had, each listing at most
 * WEBHOOK_EVENT_SKU_LIMIT SKUs; nothing when nothing changed. Stock levels are stock.updated's;
 * every other field, new products and removed ones are product.updated's.
 */
export async function publishUploadEvents(
  events: EventPublisher,
  tx: Tx,
  upload: {
    filename: string;
    mode: 'keep' | 'replace';
    now: Date;
    counts: { rows: number; created: number; updated: number; unchanged: number; removed: number; missing: number; cartLinesRemoved: number };
    inserted: readonly { id: number; stockLevel: string }[];
    updated: readonly UpdatedProduct[];
    removed: readonly number[];
  },
): Promise<void> {
  const changedAt = upload.now.toISOString();
  const stock = cappedForEvent(
    [...upload.inserted, ...upload.updated.filter((p) => p.stockChanged)].sort((a, b) => a.id - b.id).map((p) => ({ sku: p.id, stockLevel: p.stockLevel })),
  );
  if (stock.count > 0) {
    await events.publish(tx, 'stock.updated', {
      source: 'csv',
      filename: upload.filename,
      mode: upload.mode,
      ...upload.counts,
      changedAt,
      count: stock.count,
      truncated: stock.truncated,
      items: stock.list,
      removedSkus: cappedForEvent(upload.removed).list,
    });
  }
  const products = cappedForEvent(
    [
      ...upload.inserted.map((p) => ({ sku: p.id, change: 'created' as const })),
      ...upload.updated.filter((p) => p.otherChanged).map((p) => ({ sku: p.id, change: 'updated' as const })),
      ...upload.removed.map((id) => ({ sku: id, change: 'removed' as const })),
    ].sort((a, b) => a.sku - b.sku),
  );
  if (products.count > 0) {
    await events.publish(tx, 'product.updated', {
      source: 'csv',
      filename: upload.filename,
      changedAt,
      count: products.count,
      truncated: products.truncated,
      products: products.list,
    });
  }
}

/** PATCH /api/stock: one `stock.updated` with the SKUs whose level changed. */
export async function publishLevelEvents(events: EventPublisher, tx: Tx, now: Date, changed: readonly { id: number; stockLevel: string }[]): Promise<void> {
  if (changed.length === 0) return;
  const stock = cappedForEvent(changed.map((l) => ({ sku: l.id, stockLevel: l.stockLevel })));
  await events.publish(tx, 'stock.updated', { source: 'api', changedAt: now.toISOString(), count: stock.count, truncated: stock.truncated, items: stock.list });
}
