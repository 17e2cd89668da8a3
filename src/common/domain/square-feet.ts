import { formatCount } from './format';
import { isSoldByEach, coverageSqft } from './units';
import { MAX_LINE_QUANTITY } from './stock-level';

/**
 * The square-feet calculator of the stock row, the catalog card and a quote request (docs/decisions/0237): tile buyers think
 * in area, the cart counts boxes. Area plus a waste allowance, divided by the box's coverage
 * (square feet per box), rounded UP to whole boxes: a buyer short of one box cannot
 * finish the floor.
 */

export const DEFAULT_WASTE_PERCENT = 10;
export const MAX_WASTE_PERCENT = 100;
/** Larger than any floor a dealer orders for at once; past it the answer would pass the line's typo guard anyway. */
export const MAX_AREA_SQFT = 1_000_000;

// formatCount, not toLocaleString: these strings are built when /stock's code loads (ADR 0197).
export const SQFT_MESSAGES = {
  area: 'Enter the area in square feet, more than 0',
  areaTooLarge: `Area must be at most ${formatCount(MAX_AREA_SQFT)} sq ft`,
  waste: `Waste must be between 0 and ${MAX_WASTE_PERCENT}%`,
  noCoverage: 'This item has no square-feet coverage per box',
  tooMany: `That is more than ${formatCount(MAX_LINE_QUANTITY)} boxes`,
} as const;

export type BoxesForArea = { ok: true; boxes: number; sqft: number } | { ok: false; message: string };

/** Can the calculator work for this product at all (boxes with a numeric coverage)? */
export function sqftPerBox(product: { soldBy: string; coverage: string }): number | null {
  return isSoldByEach(product.soldBy) ? null : coverageSqft(product.coverage);
}

/**
 * Full boxes for `area` square feet plus `wastePercent` waste. `sqft` is what those boxes cover.
 * The product of area and (1 + waste) is rounded to 1/1000 sq ft before dividing, so that
 * 100 sq ft + 10% on 11 sq ft boxes is 10 boxes, not 11 from 110.00000000000001.
 */
export function boxesForArea(area: number, wastePercent: number, coveragePerBox: number | null): BoxesForArea {
  if (coveragePerBox === null || !(coveragePerBox > 0)) return { ok: false, message: SQFT_MESSAGES.noCoverage };
  if (!Number.isFinite(area) || area <= 0) return { ok: false, message: SQFT_MESSAGES.area };
  if (area > MAX_AREA_SQFT) return { ok: false, message: SQFT_MESSAGES.areaTooLarge };
  if (!Number.isFinite(wastePercent) || wastePercent < 0 || wastePercent > MAX_WASTE_PERCENT) return { ok: false, message: SQFT_MESSAGES.waste };
  const needed = Math.round(area * (100 + wastePercent) * 10) / 1000;
  const boxes = Math.ceil(Math.round((needed / coveragePerBox) * 1e6) / 1e6);
  if (boxes > MAX_LINE_QUANTITY) return { ok: false, message: SQFT_MESSAGES.tooMany };
  return { ok: true, boxes, sqft: Math.round(boxes * coveragePerBox * 100) / 100 };
}
