import { format, isValid, parseISO } from 'date-fns';
import { isIsoDate } from './business-days';

/*
 * Every date the portal shows is written here, by date-fns in the reader's own zone
 * (docs/decisions/0177). date-fns is plain code: no Intl date format, so a phone pays no ICU
 * set-up on the dashboard's first paint (issue 15), and no format is written by hand.
 */

/** A moment sent by the API (an ISO timestamp), or null when it cannot be read. */
function moment(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return isValid(date) ? date : null;
}

function written(iso: string | null | undefined, pattern: string, fallback: string): string {
  const date = moment(iso);
  return date ? format(date, pattern) : fallback;
}

/** Spec §2: "Last Updated" on the Check Stock tile, like "Mon 3/4, 2:05 PM". */
export function formatLastUpdated(iso: string | null | undefined): string {
  return written(iso, 'EEE M/d, h:mm a', 'No update history');
}

/** A moment's day, like "Nov 24, 2026" (an announcement's date, a file's upload day). */
export function formatDay(iso: string): string {
  return written(iso, 'MMM d, yyyy', '');
}

/** A moment's time of day, like "6:09 am" (under the day in narrow tables). */
export function formatTimeOfDay(iso: string): string {
  return written(iso, 'h:mm aaa', '');
}

/** Spec §2 Cart select "Date Last Modified": like "Jan 5, 2025 1:30 pm". */
export function formatDateTime(iso: string): string {
  return written(iso, 'MMM d, yyyy h:mm aaa', '');
}

/** A created or used moment on the admin screens (announcements, integrations), like "Jan 5, 2025, 1:30 PM". */
export function formatTimestamp(iso: string): string {
  return written(iso, 'MMM d, yyyy, h:mm a', '');
}

/** An activity log row's moment, to the second: "Jan 5, 2025, 1:30:05 PM". */
export function formatLogTime(iso: string): string {
  return written(iso, 'MMM d, yyyy, h:mm:ss a', '');
}

/** An activity row in full, with the reader's offset from UTC: "Sun, Jan 5, 2025, 1:30:05 PM GMT+1". */
export function formatLogTimeWithZone(iso: string): string {
  return written(iso, 'EEE, MMM d, yyyy, h:mm:ss a O', '');
}

/** A day in prose, like "March 4, 2026" (the price list's date line). */
export function formatLongDate(date: Date): string {
  return isValid(date) ? format(date, 'MMMM d, yyyy') : '';
}

/** A calendar date ('2025-01-09') as "Thu, Jan 9, 2025"; it has no time zone, so none is applied. */
export function formatCalendarDate(date: string): string {
  // parseISO reads a bare date as local midnight, and format writes it in the same zone: no shift.
  return isIsoDate(date) ? format(parseISO(date), 'EEE, MMM d, yyyy') : date;
}
