import { MERCHANDISE_TYPES, merchandiseList } from '@common/domain/cart-rules';
import { isOneOf } from '@common/domain/one-of';
import type { DeliveryType, OrderKind } from '@common/domain/order-status';

/*
 * The words and times of the order export (docs/decisions/0212-words-and-times-people-read.md):
 * the file is opened by people in a spreadsheet, so it says "Purchase order" and "Pick up", not
 * `purchase` and `pickup`, and a moment is the business's wall-clock time with the zone named in
 * the column header. Machines read the JSON API, which keeps the codes and UTC instants.
 */

export const EXPORT_KIND_WORDS: Record<OrderKind, string> = { purchase: 'Purchase order', sample: 'Sample order' };

export const EXPORT_DELIVERY_WORDS: Record<DeliveryType, string> = { ship: 'Ship', pickup: 'Pick up' };

/** A line's type in words: "Product", or the merchandise's own singular ("Price list"). */
export function exportLineType(type: string): string {
  if (type === 'product') return 'Product';
  return isOneOf(MERCHANDISE_TYPES, type) ? merchandiseList(type).singular : type;
}

/**
 * The business's time zone: this process's zone, set by TZ (docs/configuration.md, ADR 0042),
 * the same zone the warehouse calendar's "today" is read in.
 */
export function businessTimeZone(): string {
  return new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
}

/** A moment as the business's clock showed it: text for CSV, a zone-less date for an xlsx cell. */
export interface Moment {
  /** "2026-12-02 07:45" */
  text: string;
  /** The same wall-clock time as a Date whose UTC fields are it: exceljs writes UTC fields into the cell. */
  wallClock: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function momentIn(instant: Date, timeZone: string): Moment {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const [year, month, day, hour, minute, second] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number) as number[];
  const wallClock = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { text: `${year}-${pad(month!)}-${pad(day!)} ${pad(hour!)}:${pad(minute!)}`, wallClock };
}
