import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HolidayCountries } from '@common/contracts/calendar';
import { api, dataOf } from '@client/lib/api-client';

export async function getHolidayCountries(signal?: AbortSignal): Promise<HolidayCountries> {
  return await dataOf(api.GET('/api/closed-days/holiday-countries', { ...{ signal } }));
}

export const holidayCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/closed-days/holiday-countries'], queryFn: ({ signal }) => getHolidayCountries(signal) });

export function useHolidayCountries() {
  return useQuery(holidayCountriesQueryOptions());
}
