import { formatCount, formatDecimal } from './format';

/**
 * Selling units and quantities ("Units"): a unit containing "box" is a Box,
 * "each" is a Piece. Each-sold items count Pieces; others count Boxes, shown with
 * their square feet (boxes times coverage, 2 decimals).
 */
export type SellingUnit = 'Box' | 'Piece';

export const DEFAULT_SOLD_BY = 'Box';
export const DEFAULT_COVERAGE = '15.5';

export function sellingUnit(soldBy: string | null | undefined): SellingUnit {
  const text = (soldBy ?? '').toLowerCase();
  if (text.includes('box')) return 'Box';
  if (text.includes('each') || text.includes('piece')) return 'Piece';
  // The spec's default is Box (Defaults: soldBy Box).
  return 'Box';
}

/** The one sold-by-each rule: "Each", "each" and "Piece" all count pieces. */
export function isSoldByEach(soldBy: string | null | undefined): boolean {
  return sellingUnit(soldBy) === 'Piece';
}

/** Square feet per box, or null when coverage is a piece size such as "12x12". */
export function coverageSqft(coverage: string | null | undefined): number | null {
  const text = (coverage ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function formatSqft(value: number): string {
  return `${formatDecimal(value, 2, 2)} sq ft`;
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1 box", "3 pieces": a count in its selling unit inside a sentence (the Item Added toast). */
export function quantityInWords(quantity: number, soldBy: string | null | undefined): string {
  return isSoldByEach(soldBy) ? plural(quantity, 'piece', 'pieces') : plural(quantity, 'box', 'boxes');
}

export interface QuantityDisplay {
  /** "120 Boxes" or "45 Pieces" */
  primary: string;
  /** "1,860.00 sq ft" for boxes with a numeric coverage */
  secondary: string | null;
}

/** How many of an item, in its unit: Pieces for each-sold, else Boxes and square feet. */
export function describeQuantity(quantity: number, product: { soldBy: string; coverage: string }): QuantityDisplay {
  if (isSoldByEach(product.soldBy)) return { primary: plural(quantity, 'Piece', 'Pieces'), secondary: null };
  const sqft = coverageSqft(product.coverage);
  return {
    primary: plural(quantity, 'Box', 'Boxes'),
    secondary: sqft === null ? null : formatSqft(quantity * sqft),
  };
}

/**
 * Incoming stock in the glossary's words (docs/decisions/0213): boxes first, "60 boxes arriving",
 * as the lots summary says "60 boxes arriving about Jan 11"; square feet only as a help beside it.
 */
export function describeIncoming(quantity: number, product: { soldBy: string; coverage: string }): QuantityDisplay {
  const primary = `${quantityInWords(quantity, product.soldBy)} arriving`;
  if (isSoldByEach(product.soldBy)) return { primary, secondary: null };
  const sqft = coverageSqft(product.coverage);
  return { primary, secondary: sqft === null ? null : formatSqft(quantity * sqft) };
}

/**
 * on-order display: pieces for each-sold, else square feet with 2 decimals.
 * quantityOnOrder counts the selling unit (boxes for box items), like stockLevel,
 * so box items show boxes times coverage (docs/decisions/0011).
 */
export function describeOnOrder(quantityOnOrder: number, product: { soldBy: string; coverage: string }): string {
  if (isSoldByEach(product.soldBy)) return plural(quantityOnOrder, 'Piece', 'Pieces');
  const sqft = coverageSqft(product.coverage);
  return sqft === null ? plural(quantityOnOrder, 'Box', 'Boxes') : formatSqft(quantityOnOrder * sqft);
}

/** "15.5 sq ft per box" or "12x12 per piece". */
export function describeCoverage(product: { soldBy: string; coverage: string }): string {
  const sqft = coverageSqft(product.coverage);
  const unit = isSoldByEach(product.soldBy) ? 'piece' : 'box';
  if (sqft !== null) return `${formatDecimal(sqft, 0, 2)} sq ft per ${unit}`;
  return product.coverage.trim() ? `${product.coverage.trim()} per ${unit}` : 'Not given';
}
