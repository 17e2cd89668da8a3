import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { requestedDatesResponse, RequestedDatesResponse } from '@common/contracts/orders';
import { api } from '@client/lib/api-client';

/** The server's today and earliest requested date, so the picker and the server agree (docs/decisions/0042). */
export async function getRequestedDates(): Promise<RequestedDatesResponse> {
  return await api.get<z.output<typeof requestedDatesResponse>>('/api/orders/requested-dates');
}

export function useRequestedDates() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/orders/requested-dates'],
      queryFn: getRequestedDates,
      // "Today" moves on; a checkout page left open overnight asks again.
      staleTime: 10 * 60 * 1000,
    }),
  );
}
