import { MIN_ACTIVITY_SEARCH_LENGTH } from '@common/contracts/activity';
import { isQueryDay } from '@common/contracts/query-params';
import { isOneOf } from '@common/domain/one-of';
import { RECORDED_ACTIVITY_TYPES, type ActivityType } from '@common/domain/activity-types';

/**
 * The activity log screen keeps its filters and page in the URL (docs/ui-rules.md: refresh and
 * Back keep the view), with days as YYYY-MM-DD in the admin's own time zone.
 */
export interface LogFilters {
  search: string;
  type: ActivityType | '';
  userId: number | null;
  from: string;
  to: string;
  page: number;
}

export const NO_FILTERS: LogFilters = { search: '', type: '', userId: null, from: '', to: '', page: 1 };

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function parseLogFilters(search: string): LogFilters {
  const params = new URLSearchParams(search);
  const type = params.get('type') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    // Only days the server reads (1970 to 2100, ADR 0205): another never reaches a request.
    return isQueryDay(value) ? value : '';
  };
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    type: isOneOf(RECORDED_ACTIVITY_TYPES, type) ? type : '',
    userId: positiveInt(params.get('user')),
    from: day('from'),
    to: day('to'),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL's query string: only what differs from no filters. */
export function toSearchString(filters: LogFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.type) params.set('type', filters.type);
  if (filters.userId) params.set('user', String(filters.userId));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

export function hasFilters(filters: LogFilters): boolean {
  return toSearchString({ ...filters, page: 1 }) !== '';
}

/**
 * Whether a date input holds a whole, real day worth a query (isQueryDay: 1970 to 2100). While the
 * year is typed, a date input reports 0002-, 0020-, 0202- on the way to 2026-: those are not asked for.
 */
export function isCompleteDay(value: string): boolean {
  return isQueryDay(value);
}

/** A page number typed into "Go to page": a whole number from 1 to `last` (no upper bound when `last` is null). */
export function pageToJumpTo(input: string, last: number | null): number | null {
  if (!/^\d{1,7}$/.test(input.trim())) return null;
  const page = Number(input.trim());
  if (page < 1 || (last !== null && page > last)) return null;
  return page;
}

/** A search shorter than the server's minimum is not sent (the box says why). */
export function searchIsUsable(search: string): boolean {
  return search.trim().length >= MIN_ACTIVITY_SEARCH_LENGTH;
}

/** Midnight at the start of a local day, or of the day after, as an ISO instant. */
function localDayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The server's parameters for these filters (GET /api/admin/activity-logs and its export), only those set. */
export interface LogQuery {
  search?: string;
  type?: ActivityType;
  userId?: number;
  from?: string;
  to?: string;
  page?: number;
}

export function apiQuery(filters: LogFilters, withPage: boolean): LogQuery {
  const query: LogQuery = {};
  if (searchIsUsable(filters.search)) query.search = filters.search.trim();
  if (filters.type) query.type = filters.type;
  if (filters.userId) query.userId = filters.userId;
  if (filters.from) query.from = localDayStart(filters.from);
  // "To" includes that whole day: up to the last millisecond before the next midnight.
  if (filters.to) query.to = new Date(new Date(localDayStart(filters.to, 1)).getTime() - 1).toISOString();
  if (withPage && filters.page > 1) query.page = filters.page;
  return query;
}

/** The same parameters as a query string, in the same order. */
export function apiParams(filters: LogFilters, withPage: boolean): URLSearchParams {
  return new URLSearchParams(Object.entries(apiQuery(filters, withPage)).map(([key, value]) => [key, String(value)]));
}

export function exportUrl(filters: LogFilters): string {
  const query = apiParams(filters, false).toString();
  return `/api/admin/activity-logs/export${query ? `?${query}` : ''}`;
}
