import type { IsoDate } from './business-days';

/*
 * A dealer's price (docs/decisions/0229-dealer-companies-and-contract-prices.md): one rule, used by every
 * place that shows or charges a price (stock row, catalog card, /prices, quick order pad, PO, checkout,
 * order, exports, emails, the dealer's PDF).
 *
 * 1. The company's own lists, highest priority first, then its price group's lists, then the base price.
 * 2. A list applies only between its valid-from and valid-to days (inclusive; null is open-ended).
 * 3. Within a list, the break with the highest minimum at or below the quantity; a list whose breaks all
 *    start above the quantity does not price it, and the next list is tried.
 * 4. Equal priorities: the list with the lower price for that quantity wins, then the lower code, so the
 *    answer never depends on the order rows came back from the database.
 * 5. A base price of CALL (null) stays CALL unless a list prices the SKU.
 */

export type PriceScope = 'company' | 'group';

/** One entry of one list that could price a SKU, with what the rule needs to know about its list. */
export interface PriceCandidate {
  listCode: string;
  listName: string;
  scope: PriceScope;
  priority: number;
  validFrom: IsoDate | null;
  validTo: IsoDate | null;
  minQuantity: number;
  /** Numeric string as PostgreSQL returns it ("8.40"). */
  price: string;
}

/** Where a price came from; null source = the product's base price. */
export interface PriceSource {
  listCode: string;
  listName: string;
  minQuantity: number;
}

export interface ResolvedPrice {
  /** The price per unit sold for this quantity; null = CALL. */
  price: string | null;
  basePrice: string | null;
  source: PriceSource | null;
}

export interface PriceQuestion {
  basePrice: string | null;
  /** Every entry of every list assigned to the company or its group for this SKU. */
  candidates: readonly PriceCandidate[];
  /** Boxes or pieces on the line; quantities below 1 are priced as 1. */
  quantity: number;
  today: IsoDate;
}

function inDates(candidate: PriceCandidate, today: IsoDate): boolean {
  return (candidate.validFrom === null || candidate.validFrom <= today) && (candidate.validTo === null || today <= candidate.validTo);
}

const SCOPE_ORDER: Record<PriceScope, number> = { company: 0, group: 1 };

function cents(price: string): number {
  return Math.round(Number(price) * 100);
}

/** The best break of each applicable list for this quantity, one per list. */
function bestBreakPerList(question: PriceQuestion): PriceCandidate[] {
  const quantity = Math.max(1, Math.floor(question.quantity));
  const best = new Map<string, PriceCandidate>();
  for (const candidate of question.candidates) {
    if (!inDates(candidate, question.today) || candidate.minQuantity > quantity) continue;
    const key = `${candidate.scope}\u0000${candidate.listCode.toLowerCase()}`;
    const held = best.get(key);
    if (!held || candidate.minQuantity > held.minQuantity) best.set(key, candidate);
  }
  return [...best.values()];
}

function compareLists(a: PriceCandidate, b: PriceCandidate): number {
  return (
    SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] ||
    b.priority - a.priority ||
    cents(a.price) - cents(b.price) ||
    a.listCode.toLowerCase().localeCompare(b.listCode.toLowerCase())
  );
}

export function resolvePrice(question: PriceQuestion): ResolvedPrice {
  const [winner] = bestBreakPerList(question).sort(compareLists);
  if (!winner) return { price: question.basePrice, basePrice: question.basePrice, source: null };
  return {
    price: winner.price,
    basePrice: question.basePrice,
    source: { listCode: winner.listCode, listName: winner.listName, minQuantity: winner.minQuantity },
  };
}

export interface PriceStep extends ResolvedPrice {
  /** This price applies from this quantity up to the next step's. */
  fromQuantity: number;
}

/**
 * The prices a dealer meets as the quantity grows ("1+ $8.40, 100+ $7.90"): the rule above asked at every
 * break any list starts at, with repeats folded, so what a screen lists is what the cart will charge.
 */
export function priceLadder(question: Omit<PriceQuestion, 'quantity'>): PriceStep[] {
  const starts = [...new Set([1, ...question.candidates.filter((c) => inDates(c, question.today)).map((c) => c.minQuantity)])].sort(
    (a, b) => a - b,
  );
  const steps: PriceStep[] = [];
  for (const fromQuantity of starts) {
    const resolved = resolvePrice({ ...question, quantity: fromQuantity });
    const last = steps.at(-1);
    if (last && last.price === resolved.price && last.source?.listCode === resolved.source?.listCode) continue;
    steps.push({ fromQuantity, ...resolved });
  }
  return steps;
}

/** "Contract 2026, 100+ boxes", "Gold" for a list's plain price: the words beside a price that came from a list. */
export function describePriceSource(source: PriceSource | null, unit = 'boxes'): string | null {
  if (!source) return null;
  return source.minQuantity > 1 ? `${source.listName}, ${source.minQuantity}+ ${unit}` : source.listName;
}
