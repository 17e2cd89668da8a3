import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestedDatesResponse } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';

/** Its GET path; closed-day changes invalidate it, as the date pickers skip closed days. */
export const requestedDatesQueryKey = ['/api/orders/requested-dates'] as const;

/** The server's today and earliest requested date, so the picker and the server agree (docs/decisions/0042). */
export async function getRequestedDates(): Promise<RequestedDatesResponse> {
  return await dataOf(api.GET('/api/orders/requested-dates'));
}

export function useRequestedDates() {
  return useQuery(
    queryOptions({
      queryKey: requestedDatesQueryKey,
      queryFn: getRequestedDates,
      // "Today" moves on; a checkout page left open overnight asks again.
      staleTime: 10 * 60 * 1000,
    }),
  );
}
