import { useQuery } from '@tanstack/react-query';
import { closedDaysResponse, type ClosedDayView } from '@common/contracts/calendar';
import { api } from '@client/lib/api-client';

export const closedDaysQueryKey = ['/api/closed-days'] as const;

/** Every closed day, past and future, in date order (admins; ADR 0054). */
export async function getClosedDays(): Promise<ClosedDayView[]> {
  return closedDaysResponse.parse(await api.get<unknown>('/api/closed-days'));
}

export function useClosedDays() {
  return useQuery({ queryKey: closedDaysQueryKey, queryFn: getClosedDays });
}
