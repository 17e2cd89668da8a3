import { MERCHANDISE_LISTS, type MerchandiseType } from '@common/domain/cart-rules';
import { MAX_LINE_QUANTITY, parseStockLevel } from '@common/domain/stock-level';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CartsDeps } from './deps';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';
import { createReorderTarget, type ReorderWhere } from './reorder-target';

export interface ReorderResult {
  cartId: number;
  cartName: string;
  created: boolean;
  added: { name: string; quantity: number; requested: number }[];
  skipped: { name: string; reason: string }[];
}

function unorderableShortReason(stockLevel: string | null): string {
  return parseStockLevel(stockLevel).kind === 'special_order' ? 'Special order only' : 'Out of stock';
}

/**
 * Reorder (for the orders service, inside its transaction): copies lines into the PO the caller
 * chose (reorder-target.ts: a new PO by default) as far as the catalogue allows today. Lines that can no longer be ordered are
 * skipped with a reason; a line is cut down to what the stock still allows.
 */
export function createReorder({ products, merchandise }: CartsDeps, own: Pick<OwnCarts, 'ensureActiveCart' | 'ownCart'>) {
  const reorderDestination = createReorderTarget(own);
  return async function reorderInto(
    tx: DbOrTx,
    actor: Actor,
    where: ReorderWhere,
    lines: readonly { productId: number; name: string; quantity: number }[],
    merchandiseLines: readonly { type: MerchandiseType; code: string; name: string; quantity: number }[],
  ): Promise<ReorderResult> {
    const { cart, created } = await reorderDestination(tx, actor, where);
    const added: ReorderResult['added'] = [];
    const skipped: ReorderResult['skipped'] = [];
    const byId = new Map((await products.summaries(lines.map((l) => l.productId), tx)).map((p) => [p.id, p]));
    for (const line of lines) {
      const product = byId.get(line.productId);
      if (!product) {
        skipped.push({ name: line.name, reason: 'No longer in the catalogue' });
        continue;
      }
      const { orderable, maxQuantity: max } = parseStockLevel(product.stockLevel);
      if (!orderable) {
        skipped.push({ name: product.name, reason: unorderableShortReason(product.stockLevel) });
        continue;
      }
      const current = (await repo.findCartItemByProduct(tx, cart.id, product.id))?.quantity ?? 0;
      const quantity = Math.min(line.quantity, max - current);
      if (quantity <= 0) {
        skipped.push({ name: product.name, reason: 'Your cart already holds all the stock' });
        continue;
      }
      // The same capped upsert as every add (repository addToCartItem).
      await repo.addToCartItem(tx, { userId: actor.userId, companyId: null, scoped: false, ownCompanyId: null, cartId: cart.id, productId: product.id, quantity, max, activity: null, seenName: null, seenStockLevel: null });
      added.push({ name: product.name, quantity, requested: line.quantity });
    }
    for (const list of MERCHANDISE_LISTS) {
      const wanted = merchandiseLines.filter((m) => m.type === list.type);
      const known = await merchandise.existingCodes(list.type, wanted.map((m) => m.code), tx);
      for (const entry of wanted) {
        if (!known.has(entry.code)) {
          skipped.push({ name: entry.name, reason: 'No longer available' });
          continue;
        }
        await repo.adjustMerchandiseQuantities(tx, cart.id, list.type, [entry.code], entry.quantity, MAX_LINE_QUANTITY);
        added.push({ name: entry.name, quantity: entry.quantity, requested: entry.quantity });
      }
    }
    await repo.touchCart(tx, cart.id);
    return { cartId: cart.id, cartName: cart.name, created, added, skipped };
  };
}
