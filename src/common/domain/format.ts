const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/*
 * The dashboard's two dates in the browser's own zone are written by plain code, as en-US Intl would
 * write them (tests compare both): a phone's first Intl date format loads ICU data for tens of
 * milliseconds, on the dashboard's first paint (issue 15). Another zone goes through Intl.
 */

/** Spec §2: "Last Updated" on the Check Stock tile, formatted like "Mon 3/4, 2:05 PM". */
export function formatLastUpdated(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'No update history';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No update history';
  if (timeZone === undefined) {
    const hours = date.getHours();
    const minutes = String(date.getMinutes()).padStart(2, '0');
    return `${WEEKDAYS[date.getDay()]} ${date.getMonth() + 1}/${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  }
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

/** A moment's day in the browser's zone, like "Nov 24, 2026" (an announcement's date). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
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
