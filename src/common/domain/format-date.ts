import { isIsoDate } from './business-days';

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const list = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) => list.find((p) => p.type === type)?.value ?? '';
}

/** Spec §2 Cart select "Date Last Modified": like "Jan 5, 2025 1:30 pm". */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const get = parts(
    date,
    { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
    timeZone,
  );
  return `${get('month')} ${get('day')}, ${get('year')} ${get('hour')}:${get('minute')} ${get('dayPeriod').toLowerCase()}`;
}

/** A calendar date ('2025-01-09') as "Thu, Jan 9, 2025"; it has no time zone, so none is applied. */
export function formatCalendarDate(date: string): string {
  if (!isIsoDate(date)) return date;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
