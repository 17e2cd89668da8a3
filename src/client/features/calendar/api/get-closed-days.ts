import { useQuery } from '@tanstack/react-query';
import type { ClosedDayView } from '@common/contracts/calendar';
import { api, dataOf } from '@client/lib/api-client';

export const closedDaysQueryKey = ['/api/closed-days'] as const;

/** Every closed day, past and future, in date order (admins; ADR 0054). */
export async function getClosedDays(): Promise<ClosedDayView[]> {
  return await dataOf(api.GET('/api/closed-days'));
}

export function useClosedDays() {
  return useQuery({ queryKey: closedDaysQueryKey, queryFn: getClosedDays });
}
