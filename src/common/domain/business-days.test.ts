import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  earliestRequestedDate,
  isIsoDate,
  isoDateOfLocal,
  isUnavailableRequestedDate,
  isWeekend,
  localDateOf,
  REQUESTED_DATE_MESSAGES,
  requestedDateProblem,
  todayIn,
} from './business-days';

// 2025-01-06 is a Monday.
describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2025-01-31')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-5')).toBe(false);
    expect(isIsoDate('2025-01-05T00:00:00Z')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('refuses dates that roll over to another day (2025-02-30)', () => {
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-01-00')).toBe(false);
    expect(isIsoDate('2025-00-10')).toBe(false);
    expect(isIsoDate('0099-01-01')).toBe(false);
    expect(isIsoDate('x2025-01-09')).toBe(false);
    expect(isIsoDate('2025-01-09x')).toBe(false);
    expect(requestedDateProblem('2025-02-30', '2025-01-06')).not.toBeNull();
  });

  it('throws on a date that is not one, rather than computing with it', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(new RangeError('Not a calendar date: 2025-02-30'));
    expect(() => localDateOf('soon')).toThrow(RangeError);
    expect(() => isWeekend('2025-13-01')).toThrow(RangeError);
  });

  it('adds days across months, years and daylight saving changes', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-11-02', -1)).toBe('2025-11-01');
  });

  it('knows weekends', () => {
    expect(isWeekend('2025-01-04')).toBe(true); // Saturday
    expect(isWeekend('2025-01-05')).toBe(true); // Sunday
    expect(isWeekend('2025-01-06')).toBe(false); // Monday
  });

  it('reads today in a given zone', () => {
    const instant = new Date('2025-01-07T03:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2025-01-07');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2025-01-06');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2025-01-07');
  });

  it('converts to and from local dates for the date picker', () => {
    const local = localDateOf('2025-03-09');
    expect(local.getFullYear()).toBe(2025);
    expect(local.getMonth()).toBe(2);
    expect(local.getDate()).toBe(9);
    expect(isoDateOfLocal(local)).toBe('2025-03-09');
  });
});

describe('business days (three business days notice, weekends skipped)', () => {
  it('skips weekends', () => {
    expect(addBusinessDays('2025-01-06', 3)).toBe('2025-01-09'); // Mon -> Thu
    expect(addBusinessDays('2025-01-08', 3)).toBe('2025-01-13'); // Wed -> Mon
    expect(addBusinessDays('2025-01-10', 3)).toBe('2025-01-15'); // Fri -> Wed
    expect(addBusinessDays('2025-01-11', 3)).toBe('2025-01-15'); // Sat -> Wed
    expect(addBusinessDays('2025-01-12', 3)).toBe('2025-01-15'); // Sun -> Wed
    expect(addBusinessDays('2025-01-06', 0)).toBe('2025-01-06');
  });

  it('makes the earliest requested date three business days after today', () => {
    expect(earliestRequestedDate('2025-01-06')).toBe('2025-01-09');
    expect(earliestRequestedDate('2025-01-09')).toBe('2025-01-14');
    expect(earliestRequestedDate('2024-12-31')).toBe('2025-01-03');
  });

  it('disables weekends and every day before the earliest date', () => {
    const today = '2025-01-06';
    for (const day of ['2025-01-05', '2025-01-06', '2025-01-07', '2025-01-08']) {
      expect(isUnavailableRequestedDate(day, today)).toBe(true);
    }
    expect(isUnavailableRequestedDate('2025-01-09', today)).toBe(false);
    expect(isUnavailableRequestedDate('2025-01-10', today)).toBe(false);
    expect(isUnavailableRequestedDate('2025-01-11', today)).toBe(true);
    expect(isUnavailableRequestedDate('2025-01-12', today)).toBe(true);
    expect(isUnavailableRequestedDate('2025-01-13', today)).toBe(false);
  });

  it('names the problem with a requested date', () => {
    const today = '2025-01-06';
    expect(requestedDateProblem(undefined, today)).toBe(REQUESTED_DATE_MESSAGES.required);
    expect(requestedDateProblem('', today)).toBe(REQUESTED_DATE_MESSAGES.required);
    expect(requestedDateProblem('next week', today)).toBe(REQUESTED_DATE_MESSAGES.invalid);
    expect(requestedDateProblem('2025-02-30', today)).toBe(REQUESTED_DATE_MESSAGES.invalid);
    expect(requestedDateProblem('2025-01-11', today)).toBe(REQUESTED_DATE_MESSAGES.weekend);
    expect(requestedDateProblem('2025-01-05', today)).toBe(REQUESTED_DATE_MESSAGES.tooSoon);
    expect(requestedDateProblem('2024-12-31', today)).toBe(REQUESTED_DATE_MESSAGES.tooSoon);
    expect(requestedDateProblem('2025-01-08', today)).toBe(REQUESTED_DATE_MESSAGES.tooSoon);
    expect(requestedDateProblem('2025-01-09', today)).toBeNull();
    expect(requestedDateProblem('2026-06-01', today)).toBeNull();
  });

  it('skips closed days like weekends (ADR 0054: Thanksgiving)', () => {
    // Tuesday 2025-11-25; Thursday 11-27 (Thanksgiving) and Friday 11-28 closed.
    const closed = new Set(['2025-11-27', '2025-11-28']);
    expect(earliestRequestedDate('2025-11-25')).toBe('2025-11-28');
    expect(earliestRequestedDate('2025-11-25', closed)).toBe('2025-12-02');
    expect(isUnavailableRequestedDate('2025-12-01', '2025-11-25', closed)).toBe(true);
    expect(isUnavailableRequestedDate('2025-12-02', '2025-11-25', closed)).toBe(false);
    // A closed day after the notice period is refused with its own message.
    expect(requestedDateProblem('2025-11-27', '2025-11-18', closed)).toBe(REQUESTED_DATE_MESSAGES.closed);
    expect(isUnavailableRequestedDate('2025-11-27', '2025-11-18', closed)).toBe(true);
    expect(requestedDateProblem('2025-11-26', '2025-11-18', closed)).toBeNull();
  });
});
