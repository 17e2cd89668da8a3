/**
 * A whole count with thousands separators, as en-US writes it ("12,345"). Plain code rather than
 * `toLocaleString`: a phone's first Intl number format loads ICU data for tens of milliseconds, and
 * counts show on the first paint of most pages.
 */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

/** `digits` (a decimal integer as text) plus one, carried: "199" -> "200", "99" -> "100". */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A number as en-US `Intl.NumberFormat` writes it with `minFraction`..`maxFraction` decimals
 * ("1,860.00", "15.5"), without building an Intl formatter (ADR 0200): the first one a
 * page builds costs a phone's main thread about 200 ms of ICU set-up (Lighthouse's 4x CPU), and
 * the stock rows' square feet were that page's first. Rounds like Intl: half away from zero on
 * the number's shortest decimal form (1.005 -> "1.01", where `toFixed` says "1.00"), and keeps
 * the sign of a negative number that rounds to zero ("-0.00"). Tested against Intl (format.test.ts).
 */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  const shortest = String(Math.abs(value));
  // Exponent forms (below 1e-6 or from 1e21) are past anything the portal counts: Intl writes them.
  if (!Number.isFinite(value) || shortest.includes('e')) {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }).format(value);
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0');
  if (fraction.length > maxFraction && fraction[maxFraction]! >= '5') digits = incremented(digits);
  let wholePart = digits.slice(0, digits.length - maxFraction) || '0';
  let fractionPart = digits.slice(digits.length - maxFraction);
  while (fractionPart.length > minFraction && fractionPart.endsWith('0')) fractionPart = fractionPart.slice(0, -1);
  wholePart = wholePart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${wholePart}${fractionPart ? `.${fractionPart}` : ''}`;
}

/**
 * An Intl formatter (or collator) built the first time it is used, not when its module loads:
 * building one costs a phone milliseconds of ICU set-up that a page which never formats a price
 * or sorts a list should not pay.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
