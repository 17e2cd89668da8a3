import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPublicHolidaysBody, AddPublicHolidaysResponse } from '@common/contracts/calendar';
import { api, dataOf } from '@client/lib/api-client';
import { requestedDatesQueryKey } from '@client/api/get-requested-dates';
import { closedDaysQueryKey } from './get-closed-days';

/** POST /api/closed-days/public-holidays (ADR 0192): this year's and next year's public holidays of a country. */
export async function addPublicHolidays(body: AddPublicHolidaysBody): Promise<AddPublicHolidaysResponse> {
  return await dataOf(api.POST('/api/closed-days/public-holidays', { body }));
}

export function useAddPublicHolidays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-public-holidays'],
    mutationFn: addPublicHolidays,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: closedDaysQueryKey }),
        // The checkout's date pickers skip closed days.
        queryClient.invalidateQueries({ queryKey: requestedDatesQueryKey }),
      ]),
  });
}
