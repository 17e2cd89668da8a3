import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatLastUpdated, onFirstUse } from './format';

describe('formatLastUpdated (spec §2 "Mon 3/4, 2:05 PM")', () => {
  it('formats like the spec', () => {
    expect(formatLastUpdated('2024-03-04T14:05:00Z', 'UTC')).toBe('Mon 3/4, 2:05 PM');
  });
  it('says No update history without a date', () => {
    expect(formatLastUpdated(null)).toBe('No update history');
    expect(formatLastUpdated('not a date')).toBe('No update history');
  });
});

describe('formatCount (en-US thousands, without Intl)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [999999, '999,999'],
    [1234567, '1,234,567'],
    [-4321, '-4,321'],
    [2.6, '3'],
  ])('%d is %s, as toLocaleString writes it', (value, text) => {
    expect(formatCount(value)).toBe(text);
    expect(formatCount(value)).toBe(Math.round(value).toLocaleString('en-US'));
  });
});

describe('onFirstUse', () => {
  it('builds once, on the first call', () => {
    let built = 0;
    const get = onFirstUse(() => ({ n: ++built }));
    expect(built).toBe(0);
    expect(get()).toBe(get());
    expect(built).toBe(1);
  });
});

describe('the dashboard dates in the browser zone, written without Intl', () => {
  // Midnight, noon, one minute past, single digits, the last day of a year, a leap day.
  const MOMENTS = ['2024-03-04T00:00:00', '2024-03-04T12:00:00', '2024-03-04T12:01:00', '2025-01-09T09:05:00', '2025-12-31T23:59:00', '2024-02-29T13:30:00'];

  it.each(MOMENTS)('formatLastUpdated(%s) is what en-US Intl writes in the local zone', (local) => {
    const iso = new Date(local).toISOString();
    const parts = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(new Date(iso));
    const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    expect(formatLastUpdated(iso)).toBe(`${get('weekday')} ${get('month')}/${get('day')}, ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`);
  });

  it.each(MOMENTS)('formatDay(%s) is what en-US Intl writes in the local zone', (local) => {
    const iso = new Date(local).toISOString();
    expect(formatDay(iso)).toBe(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso)));
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDay('not a date')).toBe('');
  });
});
