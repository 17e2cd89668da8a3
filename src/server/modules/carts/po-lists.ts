import type { CartView, DuplicateCartBody, MoveCartItemResponse } from '@common/contracts/carts';
import { CART_LIMIT_MESSAGES, MAX_CARTS_PER_USER } from '@common/domain/cart-limits';
import { CART_MESSAGES } from '@common/domain/cart-rules';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { currentProduct } from './add-product';
import type { CartsDeps } from './deps';
import { cartNotFound, poLocked, cartWrite, itemNotFound, pastTheStock } from './errors';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';
import { parseStockLevel } from '@common/domain/stock-level';
import { cartOwner } from './owner';

/**
 * POs as shopping lists (ADR 0190): duplicate a PO, move a line to another PO. Rename
 * and delete are PATCH and DELETE /api/carts/{id} (own-carts.ts). Every call reaches only the
 * caller's carts: another user's cart or line answers 404, as a missing one.
 */
export function createPoLists({ db, activity, products }: CartsDeps, own: Pick<OwnCarts, 'ownCart' | 'assertNameFree' | 'view'>) {
  return {
    /** A copy of the PO's lines and merchandise under a new name, made the active PO. Counts against the cap (ADR 0179). */
    async duplicate(actor: Actor, cartId: number, body: DuplicateCartBody): Promise<CartView> {
      if (actor.role === 'salesperson') throw new HttpError(403, CART_MESSAGES.oneSampleOrder);
      const name = body.name.trim();
      const copy = await db.transaction(async (tx) => {
        await repo.lockUserCarts(tx, cartOwner(actor));
        // Duplicating reads the PO: one waiting for approval may be copied (docs/decisions/0233).
        const source = await own.ownCart(actor, cartId, tx, { edit: false });
        if ((await repo.countCarts(tx, cartOwner(actor))) >= MAX_CARTS_PER_USER) throw new HttpError(409, CART_LIMIT_MESSAGES.tooMany);
        await own.assertNameFree(tx, cartOwner(actor), name);
        const created = await repo.insertCart(tx, cartOwner(actor), { name, isActive: false });
        await repo.copyCartContents(tx, source.id, created.id);
        await repo.activateCart(tx, cartOwner(actor), created.id);
        await activity.record(
          actor,
          { type: 'cart_created', description: `${actor.username} duplicated cart "${source.name}" as "${name}"`, metadata: { cartId: created.id, from: source.id } },
          tx,
        );
        return created;
      });
      return own.view(actor, copy.id);
    },

    /**
     * Moves a whole line to another of the caller's POs. Both carts are locked in id order (the
     * repository's lock order), so two moves the other way round queue instead of deadlocking.
     * The target's line of the same product grows within the stock, else the move is refused
     * with the add's sentence and nothing changes.
     */
    async moveItem(actor: Actor, cartId: number, itemId: number, toCartId: number): Promise<MoveCartItemResponse> {
      if (toCartId === cartId) throw new HttpError(400, 'Choose another PO to move the line to', [{ path: 'toCartId', message: 'Choose another PO to move the line to' }]);
      return cartWrite(() =>
        db.transaction(async (tx) => {
          const locked = await repo.lockOwnCarts(tx, cartOwner(actor), [cartId, toCartId]);
          const from = locked.find((c) => c.id === cartId);
          const to = locked.find((c) => c.id === toCartId);
          if (!from || !to) throw cartNotFound();
          if (from.approvalStatus === 'pending' || to.approvalStatus === 'pending') throw poLocked();
          const line = await repo.findCartItem(tx, cartId, itemId);
          if (!line) throw itemNotFound();
          const product = await currentProduct(products, tx, line.productId);
          const result = await repo.addToCartItem(tx, {
            userId: actor.userId,
            companyId: null,
            // Both carts were just found the caller's (lockOwnCarts, in its scope).
            scoped: false,
            ownCompanyId: null,
            cartId: to.id,
            productId: product.id,
            quantity: line.quantity,
            max: parseStockLevel(product.stockLevel).maxQuantity,
            activity: null,
            seenName: null,
            seenStockLevel: null,
          });
          if (!result.item) {
            const inTarget = (await repo.findCartItemByProduct(tx, to.id, product.id))?.quantity ?? 0;
            throw pastTheStock(product, inTarget, line.quantity);
          }
          await repo.deleteCartItem(tx, from.id, itemId);
          await repo.touchCart(tx, from.id);
          await activity.record(
            actor,
            {
              type: 'cart_updated',
              description: `${actor.username} moved ${line.quantity} x ${product.name} from "${from.name}" to "${to.name}"`,
              metadata: { cartId: from.id, toCartId: to.id, productId: product.id, quantity: line.quantity },
            },
            tx,
          );
          return { toCartName: to.name, item: result.item };
        }),
      );
    },
  };
}
