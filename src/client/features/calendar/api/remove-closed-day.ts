import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { requestedDatesQueryKey } from '@client/api/get-requested-dates';
import { closedDaysQueryKey } from './get-closed-days';

export async function removeClosedDay(day: string): Promise<void> {
  await dataOf(api.DELETE('/api/closed-days/{day}', { params: { path: { day: encodeURIComponent(day) } } }));
}

export function useRemoveClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['remove-closed-day'],
    mutationFn: removeClosedDay,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: closedDaysQueryKey }),
        // The checkout's date pickers skip closed days.
        queryClient.invalidateQueries({ queryKey: requestedDatesQueryKey }),
      ]),
  });
}
