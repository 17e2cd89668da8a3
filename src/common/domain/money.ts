import { onFirstUse } from './format';

/**
 * Prices and money, read and formatted in one place (Product.price and its formatting).
 *
 * Prices arrive as PostgreSQL numeric strings ("12.30"), as numbers, or as CALL/null.
 * CALL when the price is CALL or null; otherwise a dollar amount with 2
 * decimals; N/A if unusable. A blank price is no price, so it is CALL (the stock
 * import stores a blank price as null); a negative price is unusable, so N/A
 * (ADR 0011). Sums are done in whole cents so that 0.1 + 0.2 never shows up on an order.
 */
export const CALL = 'CALL';
export const PRICE_UNUSABLE = 'N/A';

/** What a price says: priced on request, an amount in cents, or nothing anyone can use. */
export type PriceReading = { kind: 'call' } | { kind: 'amount'; cents: number } | { kind: 'unusable' };

/** "12.30", "$1,234.50", 3.99: a non-negative decimal, thousands optionally grouped by commas. */
const AMOUNT = /^\$?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

export function readPrice(value: string | number | null | undefined): PriceReading {
  if (value === null || value === undefined) return { kind: 'call' };
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? { kind: 'amount', cents: Math.round(value * 100) } : { kind: 'unusable' };
  }
  const text = value.trim();
  if (text === '' || text.toUpperCase() === CALL) return { kind: 'call' };
  if (!AMOUNT.test(text)) return { kind: 'unusable' };
  return readPrice(Number(text.replace(/[$,]/g, '')));
}

/** Cents of a price, or null for CALL, missing or unusable prices. */
export function toCents(value: string | number | null | undefined): number | null {
  const reading = readPrice(value);
  return reading.kind === 'amount' ? reading.cents : null;
}

/** Cents as a money string with two decimals ("1234.50"), as numeric columns take it. */
export function fromCents(cents: number): string {
  // Rounded before the sign is read: -0.4 cents is "0.00", not "-0.00".
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dollars = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Price formatting: CALL, "$1,234.50" or N/A. The only price formatter. */
export function formatPrice(value: string | number | null | undefined): string {
  const reading = readPrice(value);
  if (reading.kind === 'call') return CALL;
  if (reading.kind === 'unusable') return PRICE_UNUSABLE;
  return formatCents(reading.cents);
}

/** A sum in cents as dollars; null (a line priced CALL) is CALL. */
export function formatCents(cents: number | null): string {
  return cents === null ? CALL : dollars().format(cents / 100);
}

/** price x quantity in cents; null when the price is CALL (or unusable). */
export function lineTotalCents(price: string | null | undefined, quantity: number): number | null {
  const cents = toCents(price);
  return cents === null ? null : cents * quantity;
}
