import type { CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { cartTotalItems, MERCHANDISE_LISTS } from '@common/domain/cart-rules';
import { todayIn, type IsoDate } from '@common/domain/business-days';
import type { ResolvedPrice } from '@common/domain/contract-prices';
import type { DbOrTx } from '../../db/client';
import type { MerchandiseEntryRow, MerchandiseService } from '../merchandise';
import { priceLines } from '../price-list';
import type { ProductsService } from '../products';
import { listCartItems, listCartMerchandise, type CartRow } from './repository';

/** The catalogue facts a cart view shows, read through the owning modules. */
export interface CartCatalogue {
  products: Pick<ProductsService, 'summaries'>;
  merchandise: Pick<MerchandiseService, 'entries'>;
  /** The business's today, for the price lists' dates (docs/decisions/0229). */
  today?: () => IsoDate;
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
  const prices = await contractPrices(tx, catalogue, carts, items, productById);
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
      if (i.cartId !== cart.id || !product) return [];
      // The line's price is the buyer's price for its quantity (docs/decisions/0233): a contract list's
      // break, else the base price; what the PO shows is what placement checks and charges.
      const priced = prices.get(i.id);
      return [
        {
          ...i,
          product: priced ? { ...product, price: priced.price } : product,
          createdAt: i.createdAt.toISOString(),
          basePrice: priced ? priced.basePrice : product.price,
          priceSource: priced?.source ?? null,
        },
      ];
    });
    const view = {
      id: cart.id,
      userId: cart.userId,
      name: cart.name,
      isActive: cart.isActive,
      companyId: cart.companyId,
      sharedWithCompany: cart.sharedWithCompany,
      approvalStatus: cart.approvalStatus,
      approvalNote: cart.approvalNote,
      submittedAt: cart.submittedAt?.toISOString() ?? null,
      createdAt: cart.createdAt.toISOString(),
      lastModified: cart.lastModified.toISOString(),
      items: cartItems,
      ...lists,
    };
    return { ...view, totalItems: cartTotalItems(view) };
  });
}

/**
 * Each line of a company's PO priced by the one rule (priceLines, docs/decisions/0229) with the line's
 * quantity, so a break applies once the quantity reaches it; one lookup per company. Carts without a
 * company (salespeople, admins) keep the base prices and are not asked about.
 */
async function contractPrices(
  tx: DbOrTx,
  catalogue: CartCatalogue,
  carts: readonly CartRow[],
  items: readonly { id: number; cartId: number; productId: number; quantity: number }[],
  productById: ReadonlyMap<number, { price: string | null }>,
): Promise<Map<number, ResolvedPrice>> {
  const companyOf = new Map(carts.map((c) => [c.id, c.companyId]));
  const byCompany = new Map<number, typeof items[number][]>();
  for (const item of items) {
    const companyId = companyOf.get(item.cartId);
    if (companyId === null || companyId === undefined || !productById.has(item.productId)) continue;
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), item]);
  }
  const result = new Map<number, ResolvedPrice>();
  if (byCompany.size === 0) return result;
  const today = catalogue.today?.() ?? todayIn();
  for (const [companyId, lines] of byCompany) {
    const resolved = await priceLines(
      tx,
      companyId,
      lines.map((l) => ({ productId: l.productId, quantity: l.quantity, basePrice: productById.get(l.productId)!.price })),
      today,
    );
    lines.forEach((line, index) => result.set(line.id, resolved[index]!));
  }
  return result;
}
