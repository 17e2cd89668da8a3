import { isIsoDate } from './business-days';
import { onFirstUse } from './format';

/*
 * Every date the portal shows is written here, by en-US `Intl.DateTimeFormat` in the reader's own
 * zone (docs/decisions/0177). Each formatter is built on first use, never at module load (ADR 0152),
 * and the output is assembled from `formatToParts`, so it is the same on every ICU version (no
 * narrow no-break space before AM/PM, the offset as "GMT+1"). Intl rather than date-fns: date-fns'
 * format put ~15 KB gzipped into the first load.
 */

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/** Every field a format below needs: "Sun", "Jan", "5", "2025", "1", "30", "05", "PM". */
const fields = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    }),
);
const longMonth = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
const longWeekday = onFirstUse(() => new Intl.DateTimeFormat('en-US', { weekday: 'long' }));
/** The reader's offset from UTC, "GMT+1", "GMT-5", "GMT+5:30"; "GMT" at UTC. */
const offset = onFirstUse(() => new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' }));

function partsOf(formatter: Intl.DateTimeFormat, date: Date): Parts {
  const parts: Parts = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** A written date with the fields padded as the formats want them ("2025", "09"). */
function read(formatter: Intl.DateTimeFormat, date: Date) {
  const parts = partsOf(formatter, date);
  return {
    weekday: parts.weekday ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    year: (parts.year ?? '').padStart(4, '0'),
    hour: parts.hour ?? '',
    minute: (parts.minute ?? '').padStart(2, '0'),
    second: (parts.second ?? '').padStart(2, '0'),
    dayPeriod: (parts.dayPeriod ?? '').toUpperCase(),
  };
}

function isReadable(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/** A moment sent by the API (an ISO timestamp), or null when it cannot be read. */
function moment(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return isReadable(date) ? date : null;
}

/** "Jan 5, 2025" */
function day(f: ReturnType<typeof read>): string {
  return `${f.month} ${f.day}, ${f.year}`;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * "Last Updated" on the Check Stock tile, like "Mon 3/4, 2:05 PM", in the reader's zone.
 * Written from the Date's own local fields, not Intl: it is on the dashboard's first paint, and the
 * first Intl date format loads ICU's locale data, 50 ms of the main thread here and four times that
 * on Lighthouse's phone (ADR 0197). Every part of this format is a number but the weekday.
 */
export function formatLastUpdated(iso: string | null | undefined): string {
  const date = moment(iso);
  if (!date) return 'No update history';
  const hour = date.getHours() % 12 || 12;
  const minute = String(date.getMinutes()).padStart(2, '0');
  const dayPeriod = date.getHours() < 12 ? 'AM' : 'PM';
  return `${SHORT_WEEKDAYS[date.getDay()]} ${date.getMonth() + 1}/${date.getDate()}, ${hour}:${minute} ${dayPeriod}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A moment's day, like "Nov 24, 2026" (an announcement's date, a file's upload day). From the
 * Date's local fields, like `formatLastUpdated`: the announcement's date is on the dashboard's
 * first paint (ADR 0197).
 */
export function formatDay(iso: string): string {
  const date = moment(iso);
  return date ? `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${String(date.getFullYear()).padStart(4, '0')}` : '';
}

/** A moment's time of day, like "6:09 am" (under the day in narrow tables). */
export function formatTimeOfDay(iso: string): string {
  const date = moment(iso);
  if (!date) return '';
  const f = read(fields(), date);
  return `${f.hour}:${f.minute} ${f.dayPeriod.toLowerCase()}`;
}

/** Cart select "Date Last Modified": like "Jan 5, 2025 1:30 pm". */
export function formatDateTime(iso: string): string {
  const date = moment(iso);
  if (!date) return '';
  const f = read(fields(), date);
  return `${day(f)} ${f.hour}:${f.minute} ${f.dayPeriod.toLowerCase()}`;
}

/** A created or used moment on the admin screens (announcements, integrations), like "Jan 5, 2025, 1:30 PM". */
export function formatTimestamp(iso: string): string {
  const date = moment(iso);
  if (!date) return '';
  const f = read(fields(), date);
  return `${day(f)}, ${f.hour}:${f.minute} ${f.dayPeriod}`;
}

/** An activity log row's moment, to the second: "Jan 5, 2025, 1:30:05 PM". */
export function formatLogTime(iso: string): string {
  const date = moment(iso);
  if (!date) return '';
  const f = read(fields(), date);
  return `${day(f)}, ${f.hour}:${f.minute}:${f.second} ${f.dayPeriod}`;
}

/** An activity row in full, with the reader's offset from UTC: "Sun, Jan 5, 2025, 1:30:05 PM GMT+1". */
export function formatLogTimeWithZone(iso: string): string {
  const date = moment(iso);
  if (!date) return '';
  // Intl writes UTC itself as a bare "GMT"; the activity detail has always shown "GMT+0".
  const zone = partsOf(offset(), date).timeZoneName ?? '';
  const f = read(fields(), date);
  return `${f.weekday}, ${day(f)}, ${f.hour}:${f.minute}:${f.second} ${f.dayPeriod} ${zone === 'GMT' ? 'GMT+0' : zone}`;
}

/** A day in prose, like "March 4, 2026" (the price list's date line). */
export function formatLongDate(date: Date): string {
  return isReadable(date) ? day(read(longMonth(), date)) : '';
}

/** A day with its weekday in prose, like "Tuesday, December 1, 2026" (the date picker's day buttons). */
export function formatWeekdayLongDate(date: Date): string {
  if (!isReadable(date)) return '';
  return `${partsOf(longWeekday(), date).weekday ?? ''}, ${day(read(longMonth(), date))}`;
}

/** A calendar date ('2025-01-09') as "Thu, Jan 9, 2025"; it has no time zone, so none is applied. */
export function formatCalendarDate(date: string): string {
  if (!isIsoDate(date)) return date;
  // Local midnight of that day, written in the same zone: no shift. setFullYear keeps years 0-99 as they are.
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  const local = new Date(2000, 0, 1);
  local.setFullYear(year!, month! - 1, dayOfMonth!);
  const f = read(fields(), local);
  return `${f.weekday}, ${day(f)}`;
}

/** A calendar date ('2026-12-14') as "Dec 14" (an incoming load's ETA); no time zone is applied. */
export function formatMonthDay(date: string): string {
  if (!isIsoDate(date)) return date;
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  const local = new Date(2000, 0, 1);
  local.setFullYear(year!, month! - 1, dayOfMonth!);
  const f = read(fields(), local);
  return `${f.month} ${f.day}`;
}
