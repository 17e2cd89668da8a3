import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closedDayView, type ClosedDayView, type CreateClosedDayBody } from '@common/contracts/calendar';
import { api } from '@client/lib/api-client';
import { closedDaysQueryKey } from './get-closed-days';

export async function addClosedDay(body: CreateClosedDayBody): Promise<ClosedDayView> {
  return closedDayView.parse(await api.post<unknown>('/api/closed-days', body));
}

export function useAddClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-closed-day'],
    mutationFn: addClosedDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: closedDaysQueryKey }),
  });
}
