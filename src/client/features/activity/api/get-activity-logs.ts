import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { activityLogPage, ActivityLogPage } from '@common/contracts/activity';
import { api } from '@client/lib/api-client';
import { apiParams, type LogFilters } from '../lib/log-filters';

export const activityLogsPath = '/api/admin/activity-logs';

export async function getActivityLogs(query: string): Promise<ActivityLogPage> {
  return api.get<z.output<typeof activityLogPage>>(`${activityLogsPath}${query ? `?${query}` : ''}`);
}

/** Keyed by the exact server query, so each page and filter is fetched once and cached. */
export const activityLogsQueryOptions = (filters: LogFilters) => {
  const query = apiParams(filters, true).toString();
  return queryOptions({ queryKey: [activityLogsPath, query], queryFn: () => getActivityLogs(query) });
};

export function useActivityLogs(filters: LogFilters) {
  // The previous page stays on screen while the next loads: no flash of an empty table.
  return useQuery({ ...activityLogsQueryOptions(filters), placeholderData: keepPreviousData });
}
