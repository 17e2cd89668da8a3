import type { CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { cartTotalItems, MERCHANDISE_LISTS } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import type { MerchandiseEntryRow, MerchandiseService } from '../merchandise';
import type { ProductsService } from '../products';
import { listCartItems, listCartMerchandise, type CartRow } from './repository';

/** The catalogue facts a cart view shows, read through the owning modules. */
export interface CartCatalogue {
  products: Pick<ProductsService, 'summaries'>;
  merchandise: Pick<MerchandiseService, 'entries'>;
}

function toEntry(row: MerchandiseEntryRow, quantity: number): CartMerchandiseEntry {
  return {
    id: row.code,
    type: row.type,
    code: row.code,
    name: row.name,
    description: row.description,
    line: row.line,
    category: row.category,
    handboardType: row.handboardType,
    price: 0,
    quantity,
  };
}

/**
 * Carts in the spec's shape (items plus the four merchandise lists and
 * totalItems), built with one query per table whatever the number of carts.
 */
export async function toCartViews(tx: DbOrTx, catalogue: CartCatalogue, carts: readonly CartRow[]): Promise<CartView[]> {
  const ids = carts.map((c) => c.id);
  const [items, cartMerchandise] = await Promise.all([listCartItems(tx, ids), listCartMerchandise(tx, ids)]);
  const [products, entries] = await Promise.all([
    catalogue.products.summaries([...new Set(items.map((i) => i.productId))], tx),
    catalogue.merchandise.entries(cartMerchandise, tx),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  return carts.map((cart) => {
    const lists = Object.fromEntries(
      MERCHANDISE_LISTS.map((list) => {
        // The catalogue's order (line, category, name, code), with this cart's quantities.
        const quantities = new Map(cartMerchandise.filter((m) => m.cartId === cart.id && m.type === list.type).map((m) => [m.code, m.quantity]));
        const inCart = entries.filter((e) => e.type === list.type && quantities.has(e.code));
        return [list.key, inCart.map((e) => toEntry(e, quantities.get(e.code) ?? 0))];
      }),
    ) as Pick<CartView, 'displays' | 'labels' | 'priceLists' | 'handboards'>;
    const cartItems = items.flatMap((i) => {
      const product = productById.get(i.productId);
      // A line whose product is gone is not shown (the foreign key removes it with the product).
      return i.cartId === cart.id && product ? [{ ...i, product, createdAt: i.createdAt.toISOString() }] : [];
    });
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
