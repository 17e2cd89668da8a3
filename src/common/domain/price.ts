/**
 * Spec §5 price formatting: CALL when the price is CALL or null; otherwise a dollar
 * amount with 2 decimals; N/A if unusable. Prices travel as decimal strings
 * (PostgreSQL numeric) so cents are never rounded on the way.
 */
export const CALL = 'CALL';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPrice(price: string | number | null | undefined): string {
  if (price === null || price === undefined) return CALL;
  if (typeof price === 'string') {
    const text = price.trim();
    if (text.toUpperCase() === CALL) return CALL;
    if (text === '') return CALL;
    const cleaned = text.replace(/^\$/, '').replace(/,/g, '');
    if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return 'N/A';
    return formatNumber(Number(cleaned));
  }
  return formatNumber(price);
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) return 'N/A';
  return dollars.format(value);
}

/** The price as a number for sorting, or null for CALL and unusable prices. */
export function priceValue(price: string | null | undefined): number | null {
  if (price === null || price === undefined) return null;
  const value = Number(price);
  return Number.isFinite(value) ? value : null;
}
