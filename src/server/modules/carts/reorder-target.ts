import { CART_LIMIT_MESSAGES, MAX_CARTS_PER_USER } from '@common/domain/cart-limits';
import { CART_MESSAGES } from '@common/domain/cart-rules';
import { firstFreeName, type ReorderTarget } from '@common/domain/reorder';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { OwnCarts } from './own-carts';
import * as repo from './repository';
import { cartOwner } from './owner';

/** Where a reorder goes: the caller's PO (locked) and whether the reorder created it. */
export interface ReorderDestination {
  cart: repo.CartRow;
  created: boolean;
}

export interface ReorderWhere {
  target?: ReorderTarget | undefined;
  cartId?: number | undefined;
  /** The name a new PO takes (made unique among the caller's POs). */
  newName: string;
}

/**
 * Picks the PO a reorder fills (docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md).
 * `new` (the default) creates a PO named after the order, under the 50-PO cap; `active` is the
 * active PO; `cart` one of the caller's POs (another user's answers 404, as every cart call). The
 * PO filled becomes the active one, so the toast's View PO opens it. A salesperson keeps one sample
 * order: without a target it is filled, and `new` is refused as creating a PO is.
 * Call under lockUserCarts, in the reorder's transaction.
 */
export function createReorderTarget({ ensureActiveCart, ownCart }: Pick<OwnCarts, 'ensureActiveCart' | 'ownCart'>) {
  return async function reorderDestination(tx: DbOrTx, actor: Actor, where: ReorderWhere): Promise<ReorderDestination> {
    const isSalesperson = actor.role === 'salesperson';
    const target = where.target ?? (isSalesperson ? 'active' : 'new');
    if (target === 'active') {
      const active = await ensureActiveCart(cartOwner(actor), tx);
      return { cart: await ownCart(actor, active.id, tx), created: false };
    }
    if (target === 'cart') {
      const cart = await ownCart(actor, where.cartId ?? 0, tx);
      if (!cart.isActive) await repo.activateCart(tx, cartOwner(actor), cart.id);
      return { cart, created: false };
    }
    if (isSalesperson) throw new HttpError(403, CART_MESSAGES.oneSampleOrder);
    if ((await repo.countCarts(tx, cartOwner(actor))) >= MAX_CARTS_PER_USER) throw new HttpError(409, CART_LIMIT_MESSAGES.tooMany);
    const name = firstFreeName(where.newName, await repo.cartNames(tx, cartOwner(actor)));
    const created = await repo.insertCart(tx, cartOwner(actor), { name, isActive: false });
    await repo.activateCart(tx, cartOwner(actor), created.id);
    return { cart: created, created: true };
  };
}
