import { describe, expect, it } from 'vitest';
import { NO_FILTERS, apiParams, exportUrl, hasFilters, isCompleteDay, pageToJumpTo, parseLogFilters, toSearchString } from './log-filters';

describe('activity log filters in the URL', () => {
  it('round-trips through the query string and drops what is invalid', () => {
    const filters = parseLogFilters('search=sales&type=login&user=12&from=2025-01-02&to=2025-01-31&page=3');
    expect(filters).toEqual({ search: 'sales', type: 'login', userId: 12, from: '2025-01-02', to: '2025-01-31', page: 3 });
    expect(parseLogFilters(toSearchString(filters))).toEqual(filters);
    expect(parseLogFilters('type=sneeze&user=abc&from=yesterday&page=-2')).toEqual(NO_FILTERS);
    expect(toSearchString(NO_FILTERS)).toBe('');
  });

  it('knows whether anything is filtered (the page alone is not a filter)', () => {
    expect(hasFilters({ ...NO_FILTERS, page: 4 })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, type: 'logout' })).toBe(true);
  });
});

describe('server parameters', () => {
  it('sends only a usable search, the user id and whole local days', () => {
    const params = apiParams({ ...NO_FILTERS, search: 'ab', userId: 7, from: '2025-03-01', to: '2025-03-01', page: 2 }, true);
    expect(params.has('search')).toBe(false);
    expect(params.get('userId')).toBe('7');
    expect(params.get('page')).toBe('2');
    const from = new Date(params.get('from')!);
    const to = new Date(params.get('to')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([2025, 2, 1, 0, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([1, 23, 59, 59, 999]);
  });

  it('builds the export link without the page', () => {
    expect(exportUrl({ ...NO_FILTERS, search: ' login ', type: 'login', page: 5 })).toBe('/api/admin/activity-logs/export?search=login&type=login');
    expect(exportUrl(NO_FILTERS)).toBe('/api/admin/activity-logs/export');
  });
});

describe('date filters wait for a whole date', () => {
  it('passes a real day and holds back a year still being typed or an impossible day', () => {
    expect(isCompleteDay('2026-11-23')).toBe(true);
    expect(isCompleteDay('2024-02-29')).toBe(true);
    for (const partial of ['0002-11-23', '0020-11-23', '0202-11-23', '2026-02-30', '2026-13-01', '2026-1-1', '']) {
      expect(isCompleteDay(partial)).toBe(false);
    }
  });

  it('drops an unrecorded type from the URL (the filter does not offer it)', () => {
    expect(parseLogFilters('type=button_click').type).toBe('');
    expect(parseLogFilters('type=session_start').type).toBe('session_start');
  });
});

describe('go to page', () => {
  it('accepts a page from 1 to the last and nothing else', () => {
    expect(pageToJumpTo(' 7 ', 12)).toBe(7);
    expect(pageToJumpTo('12', 12)).toBe(12);
    expect(pageToJumpTo('13', 12)).toBeNull();
    expect(pageToJumpTo('0', 12)).toBeNull();
    expect(pageToJumpTo('2.5', 12)).toBeNull();
    expect(pageToJumpTo('', 12)).toBeNull();
    expect(pageToJumpTo('900', null)).toBe(900);
  });
});
