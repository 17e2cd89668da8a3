import { formatCount } from './format';
import { formatMonthDay } from './format-date';

/**
 * Shade lots and incoming loads (docs/decisions/0185 and 0186): the stages of a load,
 * how a cart line is allocated to lots, and the sentences a buyer reads about them.
 * Pure functions: the order's transaction applies `allocateLine` to the lots it locked.
 */

export const INCOMING_STAGES = ['ordered', 'in_production', 'on_vessel', 'in_transit'] as const;
export type IncomingStage = (typeof INCOMING_STAGES)[number];

export const INCOMING_STAGE_LABELS: Record<IncomingStage, string> = {
  ordered: 'ordered',
  in_production: 'in production',
  on_vessel: 'on vessel',
  in_transit: 'in transit',
};

export const DEFAULT_WAREHOUSE = 'Main';

/** One lot as the allocation reads it. `id` orders ties so the same input always gives the same answer. */
export interface LotStock {
  id: number;
  lot: string;
  quantity: number;
}

export interface LotPick {
  lotId: number;
  quantity: number;
}

export type LineAllocation =
  | { ok: true; picks: LotPick[] }
  /** one lot asked and none holds the line: `largest` is the biggest lot (null when there are no boxes at all). */
  | { ok: false; reason: 'no_single_lot'; largest: LotStock | null; total: number }
  /** mixed lots asked and all of them together hold fewer boxes than the line. */
  | { ok: false; reason: 'not_enough'; largest: LotStock | null; total: number };

function largestOf(lots: readonly LotStock[]): LotStock | null {
  let best: LotStock | null = null;
  for (const lot of lots) if (lot.quantity > 0 && (!best || lot.quantity > best.quantity || (lot.quantity === best.quantity && lot.id < best.id))) best = lot;
  return best;
}

/**
 * The allocation rule (ADR 0185). A one-lot line takes the smallest lot that holds it whole, so
 * the large lots stay whole for the next large line. A mixed line takes lots largest first, so it
 * spans as few lots (shades) as it can. Ties go to the lower id (the older lot row).
 */
export function allocateLine(lots: readonly LotStock[], quantity: number, oneLot: boolean): LineAllocation {
  const total = lots.reduce((sum, lot) => sum + Math.max(0, lot.quantity), 0);
  const largest = largestOf(lots);
  if (oneLot) {
    let fit: LotStock | null = null;
    for (const lot of lots) {
      if (lot.quantity < quantity) continue;
      if (!fit || lot.quantity < fit.quantity || (lot.quantity === fit.quantity && lot.id < fit.id)) fit = lot;
    }
    return fit ? { ok: true, picks: [{ lotId: fit.id, quantity }] } : { ok: false, reason: 'no_single_lot', largest, total };
  }
  if (total < quantity) return { ok: false, reason: 'not_enough', largest, total };
  const ordered = lots.filter((l) => l.quantity > 0).sort((a, b) => b.quantity - a.quantity || a.id - b.id);
  const picks: LotPick[] = [];
  let left = quantity;
  for (const lot of ordered) {
    if (left === 0) break;
    const take = Math.min(lot.quantity, left);
    picks.push({ lotId: lot.id, quantity: take });
    left -= take;
  }
  return { ok: true, picks };
}

// formatCount, not an Intl.NumberFormat built at module load: this module is on the first load of the
// dashboard and /stock, and a phone's first Intl format loads ICU data (ADR 0197).
const boxes = (n: number) => `${formatCount(n)} ${n === 1 ? 'box' : 'boxes'}`;

export const LOT_MESSAGES = {
  /** The stock row's and cart line's warning before submit (docs/decisions/0195's wording). */
  noSingleLot: (quantity: number, largest: { lot: string; quantity: number } | null) =>
    largest
      ? `No single lot has ${boxes(quantity)}; the largest is ${formatCount(largest.quantity)} (${largest.lot}). Order ${formatCount(largest.quantity)}, or allow mixed lots.`
      : `No lot has ${boxes(quantity)} in stock.`,
  /** The cart line's warning when all its lots together hold fewer boxes than the line (docs/decisions/0209). */
  notEnough: (quantity: number, total: number) =>
    total > 0 ? `Only ${boxes(total)} are left across all lots, not ${formatCount(quantity)}. Order ${formatCount(total)}.` : 'No boxes are left in any lot.',
  largestLot: (quantity: number) => `largest single lot: ${boxes(quantity)}`,
  /** A stock file's warning, in its preview and its confirm's answer (docs/decisions/0186). */
  fileLevelIsLotSum: (sent: string, sum: string) => `stock level "${sent}" is not applied: this SKU has lots, so its stock stays their sum (${sum}); change it with a lots file`,
  fileOnOrderIsLoadSum: (sent: string, sum: string) => `quantity on order "${sent}" is not applied: this SKU has incoming loads, so it stays their sum (${sum}); change it with an incoming file`,
  /** PATCH /api/stock for a SKU with lots: its level stays the lots' sum (docs/decisions/0186). */
  levelIsLotSum: (sum: string) => `this SKU has lots, so its stock level is the sum of its lots (${sum}); send its lots to PUT /api/stock/lots to change it`,
  /** The 409 at placement: names the line and what is left; the order is not placed. */
  placementRefused: (line: { productId: number; productName: string; quantity: number }, allocation: Exclude<LineAllocation, { ok: true }>) => {
    const name = `${line.productName} (SKU ${line.productId})`;
    const left =
      allocation.reason === 'no_single_lot'
        ? allocation.largest
          ? `no single lot has ${boxes(line.quantity)}; the largest is ${formatCount(allocation.largest.quantity)} (${allocation.largest.lot})`
          : 'no lot has any boxes left'
        : `only ${boxes(allocation.total)} are left across all lots`;
    const fix = allocation.reason === 'no_single_lot' && allocation.total >= line.quantity ? ' Lower the quantity or allow mixed lots.' : ' Lower the quantity.';
    return `${name}: ${left}. Nothing was ordered.${fix}`;
  },
  sameLotAvailable: (name: string, lot: string, left: number) => `${name}: the same lot ${lot} still has ${boxes(left)}`,
  sameLotShort: (name: string, lot: string, left: number) =>
    left > 0 ? `${name}: lot ${lot} has only ${boxes(left)} left; the order will take another lot` : `${name}: lot ${lot} is gone; the order will take another lot`,
  arriving: (quantity: number, eta: string, stage: IncomingStage) => `${boxes(quantity)} arriving about ${formatMonthDay(eta)} (${INCOMING_STAGE_LABELS[stage]})`,
} as const;

/** A line's planned (or taken) split across lots, in words: "1,310 from L2400A + 190 from L2410B" (docs/decisions/0209). */
export function describeSplit(split: readonly { lot: string; quantity: number }[]): string {
  return split.map((s) => `${formatCount(s.quantity)} from ${s.lot}`).join(' + ');
}

/** An order line's allocation in words: "L2406A: 42 boxes (shade S3, caliber C2, Main)". */
export function describeAllocation(a: { lot: string; shade: string | null; caliber: string | null; warehouse: string; quantity: number }): string {
  const facts = [a.shade ? `shade ${a.shade}` : null, a.caliber ? `caliber ${a.caliber}` : null, a.warehouse].filter(Boolean).join(', ');
  return `${a.lot}: ${boxes(a.quantity)} (${facts})`;
}
