import type { OverlayPrice, ProductPrices } from '@common/contracts/product-prices';
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

/** The dealer's prices by SKU: what the screens ask (a Map satisfies it). */
export interface DealerPrices {
  readonly size: number;
  has(id: number): boolean;
  get(id: number): DealerPrice | undefined;
  /** The dealer's price of one unit, without building the rest (`withDealerPrices` asks it for every product). */
  unitPrice?(id: number): string | null | undefined;
}

export const NO_DEALER_PRICES: DealerPrices = new Map<number, DealerPrice>();

/**
 * The overlay by SKU, with each step's list named; base prices from the catalogue (the overlay leaves
 * them out). Built on first use per SKU: at 50,000 SKUs, building every price's object before the
 * first rows cost the page's thread about 100 ms more (docs/performance.md "Contract prices"); a
 * screen asks for the few dozen rows it draws.
 */
export function dealerPricesOf(overlay: ProductPrices | undefined, products: readonly Product[]): DealerPrices {
  if (!overlay || overlay.prices.length === 0) return NO_DEALER_PRICES;
  const entries = new Map<number, OverlayPrice>();
  for (const entry of overlay.prices) if (entry.steps.length > 0) entries.set(entry.id, entry);
  let base: Map<number, string | null> | undefined;
  const baseOf = () => (base ??= new Map(products.map((product) => [product.id, product.price ?? null])));
  const built = new Map<number, DealerPrice>();
  const listOf = (index: number | null) => (index === null ? undefined : overlay.lists[index]);

  function get(id: number): DealerPrice | undefined {
    const done = built.get(id);
    if (done) return done;
    const entry = entries.get(id);
    if (!entry || !baseOf().has(id)) return undefined;
    const steps = entry.steps.map((step): DealerStep => {
      const list = listOf(step.list);
      return { from: step.from, price: step.price, listCode: list?.code ?? null, listName: list?.name ?? null };
    });
    const [first, ...breaks] = steps as [DealerStep, ...DealerStep[]];
    const price: DealerPrice = { price: first.price, basePrice: baseOf().get(id) ?? null, listCode: first.listCode, listName: first.listName, breaks };
    built.set(id, price);
    return price;
  }

  return {
    // Entries for SKUs outside the catalogue are counted: `size` only says whether any price differs.
    size: entries.size,
    has: (id) => get(id) !== undefined,
    get,
    unitPrice: (id) => entries.get(id)?.steps[0]?.price,
  };
}

/** Cents of a catalogue price: numeric text the fast way, anything else through readPrice. */
function centsOf(value: string | null | undefined): number | null {
  if (typeof value === 'string' && value !== '') {
    const number = Number(value);
    if (Number.isFinite(number) && number >= 0) return Math.round(number * 100);
  }
  const reading = readPrice(value);
  return reading.kind === 'amount' ? reading.cents : null;
}

/** The price per square foot at the dealer's price: the base's per-sq-ft figure scaled like the price. */
function scaledPerSqft(product: Product, price: string | null): string | null | undefined {
  const perSqft = centsOf(product.pricePerSqft);
  const base = centsOf(product.price);
  const dealer = centsOf(price);
  if (perSqft === null || base === null || dealer === null || base === 0) return product.pricePerSqft;
  return ((perSqft * dealer) / base / 100).toFixed(2);
}

/**
 * The catalogue as the dealer buys it: each product's `price` is the dealer's price of one unit, so
 * whatever sorts, filters or shows `price` uses it. The same objects when nothing differs.
 */
export function withDealerPrices(products: Product[], prices: DealerPrices): Product[] {
  if (prices.size === 0) return products;
  const unitPrice = prices.unitPrice ?? ((id: number) => prices.get(id)?.price);
  return products.map((product) => {
    const price = unitPrice(product.id);
    if (price === undefined || product.price === undefined || price === product.price) return product;
    return { ...product, price, pricePerSqft: scaledPerSqft(product, price) };
  });
}

/** Whether the dealer's price of one unit is not the base price (what a screen strikes through). */
export function differsFromBase(dealer: DealerPrice): boolean {
  const a = readPrice(dealer.price);
  const b = readPrice(dealer.basePrice);
  return a.kind !== b.kind || (a.kind === 'amount' && b.kind === 'amount' && a.cents !== b.cents);
}
