/**
 * A whole count with thousands separators, as en-US writes it ("12,345"). Plain code rather than
 * `toLocaleString`: a phone's first Intl number format loads ICU data for tens of milliseconds, and
 * counts show on the first paint of most pages (issue 15).
 */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

/**
 * An Intl formatter (or collator) built the first time it is used, not when its module loads:
 * building one costs a phone milliseconds of ICU set-up that a page which never formats a price
 * or sorts a list should not pay (issue 15).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
