import type { CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { cartTotalItems, MERCHANDISE_LISTS, type MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import { listCartItems, listCartMerchandise, type CartMerchandiseRow, type CartRow } from './repository';

function toEntry(row: CartMerchandiseRow): CartMerchandiseEntry {
  return {
    id: row.code,
    type: row.type as MerchandiseType,
    code: row.code,
    name: row.name,
    description: row.description,
    line: row.line,
    category: row.category,
    handboardType: row.handboardType,
    price: 0,
    quantity: row.quantity,
  };
}

/**
 * Carts in the spec's shape (§3: items plus the four merchandise lists and
 * totalItems), built with one query per table whatever the number of carts.
 */
export async function toCartViews(db: DbOrTx, carts: readonly CartRow[]): Promise<CartView[]> {
  const ids = carts.map((c) => c.id);
  const [items, merchandise] = await Promise.all([listCartItems(db, ids), listCartMerchandise(db, ids)]);
  return carts.map((cart) => {
    const lists = Object.fromEntries(
      MERCHANDISE_LISTS.map((list) => [
        list.key,
        merchandise.filter((m) => m.cartId === cart.id && m.type === list.type).map(toEntry),
      ]),
    ) as Pick<CartView, 'displays' | 'labels' | 'priceLists' | 'handboards'>;
    const cartItems = items
      .filter((i) => i.cartId === cart.id)
      .map((i) => ({ ...i, createdAt: i.createdAt.toISOString() }));
    const view = {
      id: cart.id,
      userId: cart.userId,
      name: cart.name,
      isActive: cart.isActive,
      createdAt: cart.createdAt.toISOString(),
      lastModified: cart.lastModified.toISOString(),
      items: cartItems,
      ...lists,
    };
    return { ...view, totalItems: cartTotalItems(view) };
  });
}
