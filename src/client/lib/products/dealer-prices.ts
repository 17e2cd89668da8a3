import type { ProductPrices } from '@common/contracts/product-prices';
import type { Product } from '@common/contracts/products';
import { readPrice } from '@common/domain/money';

/** One step of a dealer's ladder as a screen shows it: from this quantity on, this price, from this list (null: base). */
export interface DealerStep {
  from: number;
  price: string | null;
  listCode: string | null;
  listName: string | null;
}

/**
 * A SKU's price for the dealer (docs/decisions/0232): the price of one unit and where it came from,
 * the catalogue's base price (struck through on screen) and the quantity breaks after the first step.
 */
export interface DealerPrice {
  price: string | null;
  basePrice: string | null;
  listCode: string | null;
  listName: string | null;
  breaks: DealerStep[];
}

export type DealerPrices = ReadonlyMap<number, DealerPrice>;

export const NO_DEALER_PRICES: DealerPrices = new Map();

/** The overlay by SKU, with each step's list named; base prices from the catalogue (the overlay leaves them out). */
export function dealerPricesOf(overlay: ProductPrices | undefined, products: readonly Product[]): DealerPrices {
  if (!overlay || overlay.prices.length === 0) return NO_DEALER_PRICES;
  const base = new Map(products.map((product) => [product.id, product.price ?? null]));
  const byId = new Map<number, DealerPrice>();
  for (const entry of overlay.prices) {
    if (!base.has(entry.id)) continue;
    const steps = entry.steps.map((step): DealerStep => {
      const list = step.list === null ? undefined : overlay.lists[step.list];
      return { from: step.from, price: step.price, listCode: list?.code ?? null, listName: list?.name ?? null };
    });
    const [first, ...breaks] = steps;
    if (!first) continue;
    byId.set(entry.id, { price: first.price, basePrice: base.get(entry.id) ?? null, listCode: first.listCode, listName: first.listName, breaks });
  }
  return byId;
}

/** The price per square foot at the dealer's price: the base's per-sq-ft figure scaled like the price. */
function scaledPerSqft(product: Product, price: string | null): string | null | undefined {
  const perSqft = readPrice(product.pricePerSqft);
  const base = readPrice(product.price);
  const dealer = readPrice(price);
  if (perSqft.kind !== 'amount' || base.kind !== 'amount' || dealer.kind !== 'amount' || base.cents === 0) return product.pricePerSqft;
  return ((perSqft.cents * dealer.cents) / base.cents / 100).toFixed(2);
}

/**
 * The catalogue as the dealer buys it: each product's `price` is the dealer's price of one unit, so
 * whatever sorts, filters or shows `price` uses it. The same objects when nothing differs.
 */
export function withDealerPrices(products: Product[], prices: DealerPrices): Product[] {
  if (prices.size === 0) return products;
  return products.map((product) => {
    const dealer = prices.get(product.id);
    if (!dealer || product.price === undefined || dealer.price === product.price) return product;
    return { ...product, price: dealer.price, pricePerSqft: scaledPerSqft(product, dealer.price) };
  });
}

/** Whether the dealer's price of one unit is not the base price (what a screen strikes through). */
export function differsFromBase(dealer: DealerPrice): boolean {
  const a = readPrice(dealer.price);
  const b = readPrice(dealer.basePrice);
  return a.kind !== b.kind || (a.kind === 'amount' && b.kind === 'amount' && a.cents !== b.cents);
}
