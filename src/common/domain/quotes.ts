import { formatCount } from './format';

/**
 * Project quotes and lot holds (docs/decisions/0236-lot-holds.md, 0237-project-quotes.md): the statuses a
 * quote moves through, how long a hold lasts, whether a hold fits a lot, the floor price, and how an
 * order from an accepted quote draws its lines down. Pure functions: the quotes module applies them
 * inside its transactions, to rows it has locked.
 */

export const QUOTE_STATUSES = ['draft', 'requested', 'quoted', 'accepted', 'declined', 'expired', 'closed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  closed: 'Closed',
};

/** A hold lasts at most this long from when it is placed or extended (docs/decisions/0236). */
export const MAX_HOLD_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who may move a quote from one status to the next; the scheduled job moves quoted and accepted ones to expired. */
const MOVES: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ['requested', 'closed'],
  requested: ['quoted', 'closed'],
  quoted: ['quoted', 'accepted', 'declined', 'expired', 'closed'],
  accepted: ['closed', 'expired'],
  declined: [],
  expired: [],
  closed: [],
};

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return MOVES[from].includes(to);
}

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found',
  badMove: (from: QuoteStatus, to: QuoteStatus) => `A ${QUOTE_STATUS_LABELS[from].toLowerCase()} quote cannot become ${QUOTE_STATUS_LABELS[to].toLowerCase()}`,
  notInCompany: 'Only a buyer of a dealer company can request a quote',
  dealerOnly: 'Only the dealer who asked for the quote can accept or decline it',
  pricerOnly: 'Only an admin or a salesperson can price a quote',
  adminOnly: 'Only an admin can do that',
  unpriced: (sku: number) => `SKU ${sku} has no quoted price yet`,
  belowFloor: (sku: number, floor: string) => `SKU ${sku}: the quoted price is below the floor price of ${floor}; only an admin can go below it`,
  validUntilPast: 'Valid until must be today or later',
  validUntilTooFar: `Valid until must be at most ${MAX_HOLD_DAYS} days from today`,
  holdNotOwnSku: 'The lot to hold must be a lot of the line\u2019s SKU',
  holdShort: (lot: string, available: number, wanted: number) =>
    `Lot ${lot} has only ${boxes(available)} free, not ${formatCount(wanted)}; choose another lot or lower the line`,
  expired: 'This quote has expired',
  notAccepted: 'Only an accepted quote can be ordered from',
  /** A quote's order has no PO to submit for approval (docs/decisions/0242): a company admin places it instead. */
  overLimit: (limit: string) => `This order is over your spending limit of $${limit}: ask your company admin to place it from the quote, or order fewer boxes.`,
  extended: (number: string, validUntil: string) => `Quote ${number} is now valid until ${validUntil}; its held lots are kept until then.`,
  overQuote: (sku: number, left: number) => `SKU ${sku}: only ${boxes(left)} are left on this quote`,
  emptyOrder: 'Choose at least one line to order',
  lineNotOnQuote: 'That line is not on this quote',
  sqftNoCoverage: (sku: number) => `SKU ${sku} has no square-feet coverage per box; enter boxes`,
  /** A lots upload's preview (docs/decisions/0236): a held lot the file counts below its holds. */
  heldLotShort: (w: { sku: number; lot: string; onShelf: number; held: number; quotes: readonly string[] }) =>
    `SKU ${w.sku} lot ${w.lot}: the file counts ${boxes(w.onShelf)}, ${formatCount(w.held)} are held for ${w.quotes.join(', ')}. Confirming cuts the newest holds to what is there.`,
} as const;

function boxes(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'box' : 'boxes'}`;
}

/** The last moment a quote valid until `validUntil` (a business day, ISO date) is good: the end of that day, UTC. */
export function endOfValidity(validUntil: string): Date {
  return new Date(`${validUntil}T23:59:59.999Z`);
}

/** When a hold placed (or extended) `placedAt` on a quote valid until `validUntil` expires: the quote's end, never past 90 days. */
export function holdExpiry(validUntil: string, placedAt: Date): Date {
  const cap = placedAt.getTime() + MAX_HOLD_DAYS * DAY_MS;
  return new Date(Math.min(endOfValidity(validUntil).getTime(), cap));
}

/** A valid-until date's problem (past, or further than the longest hold), or null. */
export function validUntilProblem(validUntil: string, today: string): string | null {
  if (validUntil < today) return QUOTE_MESSAGES.validUntilPast;
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_HOLD_DAYS * DAY_MS).toISOString().slice(0, 10);
  return validUntil > last ? QUOTE_MESSAGES.validUntilTooFar : null;
}

/**
 * Whether a hold of `wanted` boxes fits a lot that has `free` boxes nobody holds (product_lots.quantity,
 * docs/decisions/0236). All or nothing: a hold never makes a lot negative, and a part hold would leave
 * the job short of one shade anyway. `left` is what the lot keeps for everyone else.
 */
export function placeHold(free: number, wanted: number): { ok: true; left: number } | { ok: false; free: number } {
  if (!Number.isInteger(wanted) || wanted <= 0 || wanted > free) return { ok: false, free: Math.max(0, free) };
  return { ok: true, left: free - wanted };
}

/**
 * The floor price of a SKU (docs/decisions/0237): the lowest price the portal already grants anyone for it,
 * its base price or any break of any price list. Null when nothing prices it (CALL): no floor.
 */
export function floorPrice(basePrice: string | null, listPrices: readonly string[]): string | null {
  const all = [basePrice, ...listPrices].filter((p): p is string => p !== null).map((p) => Math.round(Number(p) * 100));
  if (all.length === 0) return null;
  return (Math.min(...all) / 100).toFixed(2);
}

export function belowFloor(price: string, floor: string | null): boolean {
  return floor !== null && Math.round(Number(price) * 100) < Math.round(Number(floor) * 100);
}

/** One quote line as an order from the quote reads it. */
export interface QuoteLineState {
  id: number;
  productId: number;
  quantity: number;
  used: number;
  price: string;
  /** The held lot's id and the boxes its hold still has (0 when none). */
  heldLotId: number | null;
  held: number;
}

export interface DrawnLine {
  quoteLineId: number;
  productId: number;
  quantity: number;
  /** Always the quoted price. */
  price: string;
  /** Boxes taken from the line's hold (the held lot), then `fromStock` boxes allocated as any order's. */
  fromHold: number;
  fromStock: number;
  heldLotId: number | null;
}

export type DrawDown = { ok: true; lines: DrawnLine[] } | { ok: false; message: string; path: string };

/**
 * An order from an accepted quote (docs/decisions/0237): each asked line at its quoted price, from its
 * held lot first, never more than the line has left. The caller checks status and validity first.
 */
export function drawDown(lines: readonly QuoteLineState[], asked: readonly { quoteLineId: number; quantity: number }[]): DrawDown {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const wanted = new Map<number, number>();
  for (const a of asked) {
    if (!byId.has(a.quoteLineId)) return { ok: false, message: QUOTE_MESSAGES.lineNotOnQuote, path: `lines.${a.quoteLineId}` };
    if (a.quantity > 0) wanted.set(a.quoteLineId, (wanted.get(a.quoteLineId) ?? 0) + a.quantity);
  }
  if (wanted.size === 0) return { ok: false, message: QUOTE_MESSAGES.emptyOrder, path: 'lines' };
  const drawn: DrawnLine[] = [];
  for (const line of lines) {
    const quantity = wanted.get(line.id);
    if (quantity === undefined) continue;
    const left = line.quantity - line.used;
    if (quantity > left) return { ok: false, message: QUOTE_MESSAGES.overQuote(line.productId, left), path: `lines.${line.id}` };
    const fromHold = Math.min(Math.max(0, line.held), quantity);
    drawn.push({ quoteLineId: line.id, productId: line.productId, quantity, price: line.price, fromHold, fromStock: quantity - fromHold, heldLotId: line.heldLotId });
  }
  return { ok: true, lines: drawn };
}

/** What a line and its hold are after an order drew `drawn` from it. */
export function afterDrawDown(line: QuoteLineState, drawn: DrawnLine): QuoteLineState {
  return { ...line, used: line.used + drawn.quantity, held: line.held - drawn.fromHold };
}

/** A quote whose every line is used is closed (docs/decisions/0237). */
export function fullyUsed(lines: readonly { quantity: number; used: number }[]): boolean {
  return lines.length > 0 && lines.every((l) => l.used >= l.quantity);
}

/**
 * A lots upload's new count for a held lot (docs/decisions/0236): the file counts every box on the
 * shelf; the holds keep theirs first, the rest is free. When the shelf has fewer boxes than the holds,
 * the holds are cut, newest first, to what is there, and the lot is free of none.
 */
export function recountHeldLot(
  shelf: number,
  holds: readonly { id: number; quantity: number }[],
): { free: number; holds: { id: number; quantity: number }[]; short: number } {
  const total = holds.reduce((s, h) => s + h.quantity, 0);
  if (shelf >= total) return { free: shelf - total, holds: holds.map((h) => ({ ...h })), short: 0 };
  let over = total - shelf;
  const cut = [...holds].sort((a, b) => b.id - a.id).map((h) => {
    const take = Math.min(h.quantity, over);
    over -= take;
    return { id: h.id, quantity: h.quantity - take };
  });
  return { free: 0, holds: cut.sort((a, b) => a.id - b.id), short: total - shelf };
}
