/*
 * Cell rules every kind's rows share (the stock CSV, the lots and incoming files): a SKU, a header
 * name, a formula. Each kind's own row rules live in its module and build on these.
 */

/** The largest SKU a products.id (PostgreSQL integer) can hold. */
const MAX_SKU = 2_147_483_647;

export const INVALID_SKU = 'Invalid SKU number';

/** "Stock Level", "stock_level" and "STOCKLEVEL" all name stockLevel. */
export function normaliseHeader(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/[\s_-]+/g, '').toLowerCase();
}

/** OWASP CSV injection: a cell a spreadsheet would run as a formula. "-5" is a number, not a formula. */
export function looksLikeFormula(value: string): boolean {
  return /^[=+@\t\r]/.test(value) || /^-(?![\d.])/.test(value);
}

export function parseSku(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= MAX_SKU ? id : null;
}
