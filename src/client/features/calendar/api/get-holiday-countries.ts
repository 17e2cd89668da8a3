import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HolidayCountries, holidayCountriesResponse } from '@common/contracts/calendar';
import { api } from '@client/lib/api-client';

export async function getHolidayCountries(signal?: AbortSignal): Promise<HolidayCountries> {
  return await api.get<z.output<typeof holidayCountriesResponse>>('/api/closed-days/holiday-countries', { signal });
}

export const holidayCountriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/closed-days/holiday-countries'], queryFn: ({ signal }) => getHolidayCountries(signal) });

export function useHolidayCountries() {
  return useQuery(holidayCountriesQueryOptions());
}
