/** Spec §2: "Last Updated" on the Check Stock tile, formatted like "Mon 3/4, 2:05 PM". */
export function formatLastUpdated(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'No update history';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No update history';
  const parts = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('month')}/${get('day')}, ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}

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
