import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatDay,
  formatLastUpdated,
  formatLogTime,
  formatLogTimeWithZone,
  formatLongDate,
  formatWeekdayLongDate,
  formatTimeOfDay,
  formatTimestamp,
} from './format-date';

/** An ISO timestamp for a wall-clock moment in this machine's zone: the formats write the reader's zone. */
const local = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second).toISOString();

describe('dates on screen (one formatter, docs/decisions/0177)', () => {
  it('writes Last Updated like the spec, "Mon 3/4, 2:05 PM"', () => {
    expect(formatLastUpdated(local(2024, 3, 4, 14, 5))).toBe('Mon 3/4, 2:05 PM');
    expect(formatLastUpdated(local(2024, 3, 4, 0, 0))).toBe('Mon 3/4, 12:00 AM');
    expect(formatLastUpdated(local(2024, 3, 4, 12, 1))).toBe('Mon 3/4, 12:01 PM');
    expect(formatLastUpdated(local(2025, 12, 31, 23, 59))).toBe('Wed 12/31, 11:59 PM');
  });

  it('writes "Last Updated" as en-US Intl does, without Intl (ADR 0197)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
    for (let hours = 0; hours < 24 * 400; hours += 7) {
      const date = new Date(2025, 0, 1, hours, (hours * 13) % 60);
      const parts = Object.fromEntries(intl.formatToParts(date).map((p) => [p.type, p.value]));
      expect(formatLastUpdated(date.toISOString())).toBe(`${parts.weekday} ${parts.month}/${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`);
    }
  });

  it('writes a day as en-US Intl does, without Intl (ADR 0197)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let days = 0; days < 800; days += 3) {
      const date = new Date(2024, 0, 1 + days, (days * 5) % 24);
      expect(formatDay(date.toISOString())).toBe(intl.format(date));
    }
  });

  it('says No update history without a readable date', () => {
    expect(formatLastUpdated(null)).toBe('No update history');
    expect(formatLastUpdated(undefined)).toBe('No update history');
    expect(formatLastUpdated('')).toBe('No update history');
    expect(formatLastUpdated('not a date')).toBe('No update history');
  });

  it('writes Date Last Modified like "Jan 5, 2025 1:30 pm"', () => {
    expect(formatDateTime(local(2025, 1, 5, 13, 30))).toBe('Jan 5, 2025 1:30 pm');
    expect(formatDateTime(local(2025, 1, 5, 0, 5))).toBe('Jan 5, 2025 12:05 am');
  });

  it('writes a day and a time of day apart for narrow tables', () => {
    expect(formatDay(local(2026, 11, 24, 18, 9))).toBe('Nov 24, 2026');
    expect(formatDay(local(2024, 2, 29))).toBe('Feb 29, 2024');
    expect(formatTimeOfDay(local(2026, 11, 24, 6, 9))).toBe('6:09 am');
    expect(formatTimeOfDay(local(2026, 11, 24, 18, 9))).toBe('6:09 pm');
  });

  it('writes the admin screens\' moments with a comma and AM/PM, the activity log to the second', () => {
    expect(formatTimestamp(local(2025, 1, 5, 13, 30))).toBe('Jan 5, 2025, 1:30 PM');
    expect(formatLogTime(local(2025, 1, 5, 13, 30, 5))).toBe('Jan 5, 2025, 1:30:05 PM');
    expect(formatLogTimeWithZone(local(2025, 1, 5, 13, 30, 5))).toMatch(/^Sun, Jan 5, 2025, 1:30:05 PM GMT([+-]\d{1,2}(:\d{2})?)?$/);
  });

  it('writes nothing for a moment it cannot read', () => {
    for (const format of [formatDay, formatTimeOfDay, formatDateTime, formatTimestamp, formatLogTime, formatLogTimeWithZone]) {
      expect(format('not a date')).toBe('');
      expect(format('')).toBe('');
    }
    expect(formatLongDate(new Date('not a date'))).toBe('');
  });

  it('writes the price list date in prose', () => {
    expect(formatLongDate(new Date(2026, 2, 4, 12))).toBe('March 4, 2026');
    // The day picker's button names hold the number the button shows (axe label-content-name-mismatch).
    expect(formatWeekdayLongDate(new Date(2026, 11, 1, 12))).toBe('Tuesday, December 1, 2026');
    expect(formatWeekdayLongDate(new Date('not a date'))).toBe('');
  });

  it('writes calendar dates without shifting them, and leaves anything else as it is', () => {
    expect(formatCalendarDate('2025-01-09')).toBe('Thu, Jan 9, 2025');
    expect(formatCalendarDate('2024-12-31')).toBe('Tue, Dec 31, 2024');
    expect(formatCalendarDate('2025-02-30')).toBe('2025-02-30');
    expect(formatCalendarDate('soon')).toBe('soon');
  });
});
