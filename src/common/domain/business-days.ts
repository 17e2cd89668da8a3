/**
 * Calendar dates for the sample order's requested date (three
 * business days' notice; docs/product-decisions.md: the earliest selectable date is three
 * business days after today, weekends skipped; the server checks it too).
 *
 * Dates are plain calendar days written 'YYYY-MM-DD', never instants: a
 * requested pickup day has no time of day, and arithmetic on UTC midnights
 * cannot be shifted by daylight saving. Which day is "today" is the server's
 * business (docs/decisions/0042): the client asks the server for it.
 */

export type IsoDate = string;

/** Business days of notice an order needs. */
export const ORDER_NOTICE_BUSINESS_DAYS = 3;

export const REQUESTED_DATE_MESSAGES = {
  required: 'Please select a requested date',
  invalid: 'Requested date must be a date like 2025-01-31',
  weekend: 'Requested date must be a weekday',
  closed: 'The warehouse is closed on that day. Please choose another date.',
  tooSoon: 'Requested date must be at least three business days from today',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of a valid calendar date, or null ('2025-02-30' is not a date). */
function toUtcMs(date: IsoDate): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls '2025-02-30' over to March 2 (and reads years below 100 as 19xx): a real date reads back the same.
  return fromUtcMs(ms) === date ? ms : null;
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  return toUtcMs(value) !== null;
}

function requireMs(date: IsoDate): number {
  const ms = toUtcMs(date);
  if (ms === null) throw new RangeError(`Not a calendar date: ${date}`);
  return ms;
}

/** The calendar date of `now` in a time zone (default: this process's own zone, set by TZ). */
export function todayIn(timeZone?: string, now: Date = new Date()): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A local Date (as a date picker hands it over) as a calendar date. */
export function isoDateOfLocal(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A calendar date as a local Date at midnight, for a date picker. */
export function localDateOf(date: IsoDate): Date {
  const ms = requireMs(date);
  const utc = new Date(ms);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(requireMs(date) + days * DAY_MS);
}

export function isWeekend(date: IsoDate): boolean {
  const weekday = new Date(requireMs(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * Days the warehouse is closed besides weekends (Thanksgiving...), kept by admins in
 * the database (ADR 0054). Every rule below skips them like a weekend.
 */
export type ClosedDays = ReadonlySet<IsoDate>;
const NO_CLOSED_DAYS: ClosedDays = new Set();

export function isBusinessDay(date: IsoDate, closed: ClosedDays = NO_CLOSED_DAYS): boolean {
  return !isWeekend(date) && !closed.has(date);
}

/** `days` business days after `date` (weekends and closed days skipped; `date` itself never counts). */
export function addBusinessDays(date: IsoDate, days: number, closed: ClosedDays = NO_CLOSED_DAYS): IsoDate {
  let current = date;
  let left = days;
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current, closed)) left -= 1;
  }
  return current;
}

/** The first day a sample order may ask for. */
export function earliestRequestedDate(today: IsoDate, closed: ClosedDays = NO_CLOSED_DAYS): IsoDate {
  return addBusinessDays(today, ORDER_NOTICE_BUSINESS_DAYS, closed);
}

/** True for a day the date picker must not offer. */
export function isUnavailableRequestedDate(date: IsoDate, today: IsoDate, closed: ClosedDays = NO_CLOSED_DAYS): boolean {
  return !isBusinessDay(date, closed) || date < earliestRequestedDate(today, closed);
}

/** Why a requested date is refused, or null when it is fine. */
export function requestedDateProblem(date: string | null | undefined, today: IsoDate, closed: ClosedDays = NO_CLOSED_DAYS): string | null {
  if (!date) return REQUESTED_DATE_MESSAGES.required;
  if (!isIsoDate(date)) return REQUESTED_DATE_MESSAGES.invalid;
  // ISO dates compare correctly as strings. Too soon is the more useful answer for a weekend tomorrow.
  if (date < earliestRequestedDate(today, closed)) return REQUESTED_DATE_MESSAGES.tooSoon;
  if (isWeekend(date)) return REQUESTED_DATE_MESSAGES.weekend;
  if (closed.has(date)) return REQUESTED_DATE_MESSAGES.closed;
  return null;
}
