import { createBulkAdd } from './bulk-add';
import { createCartItems } from './cart-items';
import { createCartMerchandise } from './cart-merchandise';
import type { CartsDeps } from './deps';
import { createMerchandiseCheck } from './merchandise-check';
import { createOwnCarts } from './own-carts';
import { createPoLists } from './po-lists';
import { createReorder } from './reorder';

export type { ReorderResult } from './reorder';
export type CartsService = ReturnType<typeof createCartsService>;

/**
 * Carts, one file per job: the caller's carts (own-carts.ts), their product
 * lines (cart-items.ts, one add path in add-product.ts), their merchandise lists
 * (cart-merchandise.ts) and reorder (reorder.ts). Contents change through single atomic
 * statements so two tabs never lose an update.
 */
export function createCartsService(deps: CartsDeps) {
  const requireMerchandise = createMerchandiseCheck(deps.merchandise);
  const own = createOwnCarts(deps, requireMerchandise);
  // ownCart stays inside the module: callers outside reach a cart only through the calls below.
  const { ensureActiveCart, ownCart: _ownCart, assertNameFree: _assertNameFree, ...carts } = own;
  return {
    ensureActiveCart: (userId: number) => ensureActiveCart(userId).then(() => undefined),
    ensureActiveCartIn: ensureActiveCart,
    ...carts,
    ...createCartItems(deps, own),
    ...createBulkAdd(deps, own),
    ...createPoLists(deps, own),
    ...createCartMerchandise(deps, own, requireMerchandise),
    reorderInto: createReorder(deps, own),
  };
}
