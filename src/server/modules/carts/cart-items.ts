import type { AddCartItemBody, CartItemResponse } from '@common/contracts/carts';
import { backorderable, backorderLineProblem, incomingRoom } from '@common/domain/backorders';
import { lineQuantityProblem } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ProductSummary } from '../products';
import { addProduct, addRememberedProduct, currentProduct } from './add-product';
import type { CartsDeps } from './deps';
import { cartWrite, itemNotFound } from './errors';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';
import { adderOf } from './owner';

/** Product lines of a cart: add, change a quantity, remove. The bulk add is bulk-add.ts. */
export function createCartItems({ db, activity, products, incoming }: CartsDeps, { ownCart }: Pick<OwnCarts, 'ownCart'>) {
  return {
    /**
     * Adds a product (ADR 0174). Without an Idempotency-Key, usually ONE round trip: the rules
     * checked against the products service's remembered summary, then one autocommit statement
     * (repository addToCartItem) that confirms the product through the products module's
     * productAsSeenSql, locks the user's cart, grows the line within the stock and writes the
     * activity row through the activity module's record_activity; line and row commit together
     * and durably (ADR 0172). A product not remembered, changed since or refused is read again
     * (the products service's prepared read) and added by the same statement without the check.
     * An Idempotency-Key is the idempotency plugin's business, before this runs (ADR 0182).
     */
    async addItem(actor: Actor, cartId: number, body: AddCartItemBody): Promise<CartItemResponse> {
      const entry = (product: ProductSummary) =>
        activity.document(actor, {
          type: 'product_added',
          description: `${actor.username} added ${body.quantity} x ${product.name} to their cart`,
          metadata: { cartId, productId: product.id, quantity: body.quantity },
        });
      const adder = adderOf(actor);
      const addFresh = async (executor: DbOrTx) => {
        const product = await currentProduct(products, executor, body.productId);
        return addProduct(executor, adder, cartId, product, body.quantity, entry(product), incoming);
      };
      return cartWrite(async () => {
        const seen = products.rememberedSummary(body.productId);
        const item = seen && (await addRememberedProduct(db, adder, cartId, seen, body.quantity, entry(seen), incoming));
        return item || addFresh(db);
      });
    },

    async setItemQuantity(actor: Actor, cartId: number, itemId: number, quantity: number): Promise<CartItemResponse> {
      return db.transaction(async (tx) => {
        await ownCart(actor, cartId, tx);
        const item = await repo.findCartItem(tx, cartId, itemId);
        if (!item) throw itemNotFound();
        const product = await currentProduct(products, tx, item.productId);
        let problem = lineQuantityProblem(product, quantity);
        // Past the stock: a backorder when incoming loads can cover the rest (docs/decisions/0238).
        if (problem && incoming && backorderable(product.stockLevel)) {
          const loads = (await incoming.loadsOf(tx, [product.id])).get(product.id) ?? [];
          problem = backorderLineProblem(product, quantity, incomingRoom(loads));
        }
        if (problem) throw new HttpError(400, problem);
        const updated = await repo.setCartItemQuantity(tx, cartId, itemId, quantity);
        if (!updated) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          actor,
          {
            type: 'cart_updated',
            description: `${actor.username} set ${product.name} to ${quantity}`,
            metadata: { cartId, productId: product.id, quantity },
          },
          tx,
        );
        return updated;
      });
    },

    async removeItem(actor: Actor, cartId: number, itemId: number): Promise<void> {
      await db.transaction(async (tx: DbOrTx) => {
        await ownCart(actor, cartId, tx);
        const removed = await repo.deleteCartItem(tx, cartId, itemId);
        if (!removed) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          actor,
          {
            type: 'product_removed',
            description: `${actor.username} removed product ${removed.productId} from their cart`,
            metadata: { cartId, productId: removed.productId, quantity: removed.quantity },
          },
          tx,
        );
      });
    },
  };
}
