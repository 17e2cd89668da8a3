import { z } from './zod';
import { blankAsMissing } from './common';

/**
 * Query parameters every list shares: calendar days, date-times and page cursors
 * (docs/decisions/0205-query-parameters-are-checked-before-any-work.md). Each is checked by the
 * route's schema, so a value the portal cannot use is a 400 with a sentence before any work
 * starts, never a 500 from PostgreSQL or a Date that silently means something else.
 */

/** The first and last day a query may name: the Unix epoch (what ERPs send for "everything") to 2100. */
export const FIRST_QUERY_DAY = '1970-01-01';
export const LAST_QUERY_DAY = '2100-12-31';

export const QUERY_MESSAGES = {
  badCursor: 'The page link is not valid; start again from the first page',
  badRange: 'The start date must be before the end date',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A real calendar day written YYYY-MM-DD (the year read as all four digits, no 30 February)
 * from FIRST_QUERY_DAY to LAST_QUERY_DAY. No Date is involved: `new Date(50, 0, 1)` is 1950.
 */
export function isQueryDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match || text < FIRST_QUERY_DAY || text > LAST_QUERY_DAY) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

export const queryDayMessage = (name: string) => `${name} must be a date like 2025-01-31, from ${FIRST_QUERY_DAY} to ${LAST_QUERY_DAY}`;

/** An optional calendar day parameter; `name` is how the message names it. */
export const queryDay = (name: string) =>
  blankAsMissing(
    z.optional(
      z
        .string({ error: queryDayMessage(name) })
        // The pattern also goes into the OpenAPI document; the refinement is the whole rule.
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: queryDayMessage(name) }), z.refine(isQueryDay, { error: queryDayMessage(name) })),
    ),
  );

/**
 * Instants a query may name: any moment that is within the allowed days somewhere on Earth
 * (UTC-12 to UTC+14), so a browser's local midnight of FIRST_QUERY_DAY or end of LAST_QUERY_DAY
 * written as UTC is accepted.
 */
const HOUR = 3_600_000;
const FIRST_INSTANT = Date.parse(`${FIRST_QUERY_DAY}T00:00:00Z`) - 14 * HOUR;
const LAST_INSTANT = Date.parse(`${LAST_QUERY_DAY}T23:59:59.999Z`) + 12 * HOUR;

export function isQueryInstant(text: string): boolean {
  const at = Date.parse(text);
  return !Number.isNaN(at) && at >= FIRST_INSTANT && at <= LAST_INSTANT;
}

export const queryInstantMessage = (name: string) =>
  `${name} must be an ISO date-time with its offset, like 2025-01-31T09:00:00Z, from ${FIRST_QUERY_DAY.slice(0, 4)} to ${LAST_QUERY_DAY.slice(0, 4)}`;

/** An optional ISO date-time parameter with an offset (`Z` or `+01:00`), within the allowed days. */
export const queryInstant = (name: string) =>
  blankAsMissing(
    z.optional(
      z.iso
        .datetime({ offset: true, error: queryInstantMessage(name) })
        .check(z.refine(isQueryInstant, { error: queryInstantMessage(name) })),
    ),
  );

/** `from` no later than `to` (days or instants alike); the message sits on `to`. */
export const rangeInOrder = () =>
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: QUERY_MESSAGES.badRange,
    path: ['to'],
  });

/** `from` and `to` as calendar days, for a search placed between two days (inclusive). */
export const dayRangeFields = () => ({ from: queryDay('From'), to: queryDay('To') });

/** `from` and `to` as instants, for a time range given to the second. */
export const instantRangeFields = () => ({ from: queryInstant('from'), to: queryInstant('to') });
