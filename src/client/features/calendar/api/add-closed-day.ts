import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosedDayView, CreateClosedDayBody } from '@common/contracts/calendar';
import { api, dataOf } from '@client/lib/api-client';
import { requestedDatesQueryKey } from '@client/api/get-requested-dates';
import { closedDaysQueryKey } from './get-closed-days';

export async function addClosedDay(body: CreateClosedDayBody): Promise<ClosedDayView> {
  return await dataOf(api.POST('/api/closed-days', { body }));
}

export function useAddClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-closed-day'],
    mutationFn: addClosedDay,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: closedDaysQueryKey }),
        // The checkout's date pickers skip closed days.
        queryClient.invalidateQueries({ queryKey: requestedDatesQueryKey }),
      ]),
  });
}
