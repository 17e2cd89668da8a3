import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityLogPage } from '@common/contracts/activity';
import { api, dataOf } from '@client/lib/api-client';
import { apiParams, apiQuery, type LogFilters, type LogQuery } from '../lib/log-filters';

export const activityLogsPath = '/api/admin/activity-logs';

export async function getActivityLogs(query: LogQuery): Promise<ActivityLogPage> {
  return dataOf(api.GET('/api/admin/activity-logs', { params: { query } }));
}

/** Keyed by the exact server query, so each page and filter is fetched once and cached. */
export const activityLogsQueryOptions = (filters: LogFilters) =>
  queryOptions({ queryKey: [activityLogsPath, apiParams(filters, true).toString()], queryFn: () => getActivityLogs(apiQuery(filters, true)) });

export function useActivityLogs(filters: LogFilters) {
  // The previous page stays on screen while the next loads: no flash of an empty table.
  return useQuery({ ...activityLogsQueryOptions(filters), placeholderData: keepPreviousData });
}
