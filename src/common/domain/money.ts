/**
 * Money arrives from PostgreSQL numeric columns as exact strings ("12.30").
 * Sums are done in whole cents so that 0.1 + 0.2 never shows up on an order.
 */

/** Cents of a money string, or null for CALL / missing / unusable. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return null;
  return Math.round(number * 100);
}

/** Cents as a money string with two decimals ("1234.50"), as numeric columns take it. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Spec §5 price formatting: CALL for CALL or null, dollars with 2 decimals, N/A when unusable. */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim().toUpperCase() === 'CALL')) {
    return 'CALL';
  }
  const cents = toCents(value);
  return cents === null ? 'N/A' : dollars.format(cents / 100);
}

/** price x quantity in cents; null when the price is CALL. */
export function lineTotalCents(price: string | null | undefined, quantity: number): number | null {
  const cents = toCents(price);
  return cents === null ? null : cents * quantity;
}
