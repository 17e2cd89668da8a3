import type { BulkAddBody, BulkAddLine, BulkAddResponse } from '@common/contracts/carts';
import { incomingRoom as incomingRoomOf, lineCap, planBulkLineWithLoads } from '@common/domain/backorders';
import { parseStockLevel } from '@common/domain/stock-level';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CartsDeps } from './deps';
import { cartWrite } from './errors';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';
import { adderOf } from './owner';

/**
 * Quick add, paste a list and the quick order pad (ADR 0189): one request, one transaction. The
 * cart row is locked first (ownCart in a transaction), so what the PO holds cannot change under
 * the plan; each product is then added, cut down to the stock left, or left out with the reason
 * (common/domain/bulk-add.ts), through the same capped upsert as every add (ADR 0174). Any error
 * rolls the whole call back: never some lines in and the answer lost.
 */
export function createBulkAdd({ db, activity, products, incoming }: CartsDeps, { ownCart }: Pick<OwnCarts, 'ownCart'>) {
  async function addAll(tx: DbOrTx, actor: Actor, cartId: number, body: BulkAddBody): Promise<BulkAddResponse> {
    const cart = await ownCart(actor, cartId, tx, { shared: true });
    // Same product twice in one call counts once with the summed quantity, in the order first seen.
    const merged = new Map<number, number>();
    for (const line of body.items) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
    const ids = [...merged.keys()];
    // Incoming loads let a line pass the stock as a backorder (docs/decisions/0238).
    const [found, heldRows, loads] = await Promise.all([products.summaries(ids, tx), repo.listCartItems(tx, [cart.id]), incoming?.loadsOf(tx, ids)]);
    const byId = new Map(found.map((p) => [p.id, p]));
    const held = new Map(heldRows.map((row) => [row.productId, row.quantity]));

    const lines: BulkAddLine[] = [];
    let outOfStock = 0;
    for (const [productId, requested] of merged) {
      const product = byId.get(productId);
      const own = loads?.get(productId) ?? [];
      const plan = planBulkLineWithLoads(product, requested, held.get(productId) ?? 0, own);
      const added = plan.quantity;
      if (product && added > 0) {
        const result = await repo.addToCartItem(tx, {
          // The quick order pad may fill a PO shared with the company (docs/decisions/0233).
          ...adderOf(actor),
          cartId: cart.id,
          productId,
          quantity: added,
          max: plan.backorder ? lineCap(product.stockLevel, incomingRoomOf(own)) : parseStockLevel(product.stockLevel).maxQuantity,
          activity: null,
          seenName: null,
          seenStockLevel: null,
        });
        // The cart row is locked and the product read in this transaction: the cap cannot refuse.
        if (!result.item) throw new Error(`bulk add: the capped upsert refused product ${productId}`);
      }
      if (product && plan.status === 'skipped' && parseStockLevel(product.stockLevel).kind === 'out_of_stock') outOfStock += 1;
      lines.push({ productId, name: product?.name ?? null, requested, added, status: plan.status, reason: plan.reason, ...(plan.backorder ? { backorder: plan.backorder } : {}) });
    }
    const count = lines.filter((l) => l.status !== 'skipped').length;
    const capped = lines.filter((l) => l.status === 'capped').length;
    const skipped = lines.length - count;
    if (count > 0) {
      await activity.record(
        actor,
        {
          type: 'product_added',
          description: `${actor.username} added ${count} products to "${cart.name}"`,
          metadata: { cartId: cart.id, count, capped, skipped },
        },
        tx,
      );
    }
    return { cartId: cart.id, cartName: cart.name, count, capped, skipped, outOfStock, lines };
  }

  return {
    // A retried request with its Idempotency-Key is answered by plugins/idempotency (ADR 0182).
    async addItems(actor: Actor, cartId: number, body: BulkAddBody): Promise<BulkAddResponse> {
      return cartWrite(() => db.transaction((tx) => addAll(tx, actor, cartId, body)));
    },
  };
}
