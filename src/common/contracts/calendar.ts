import { z } from './zod';
import { isIsoDate } from '../domain/business-days';

/** Closed days (ADR 0054): days the warehouse is closed besides weekends. */
export const CLOSED_DAY_MESSAGES = {
  invalidDate: 'Date must be a date like 2025-11-27',
  nameRequired: 'Please name the closed day (e.g. Thanksgiving)',
  taken: (day: string) => `${day} is already a closed day`,
  notFound: 'That closed day is not in the list',
} as const;

const isoDay = z.string({ error: CLOSED_DAY_MESSAGES.invalidDate }).check(z.trim(), z.refine(isIsoDate, { error: CLOSED_DAY_MESSAGES.invalidDate }));

export const closedDayView = z.object({ day: z.string(), name: z.string() });
export type ClosedDayView = z.infer<typeof closedDayView>;
export const closedDaysResponse = z.array(closedDayView);

/** POST /api/closed-days (admin). */
export const createClosedDayBody = z.object({
  day: isoDay,
  name: z
    .string({ error: CLOSED_DAY_MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, CLOSED_DAY_MESSAGES.nameRequired), z.maxLength(100, 'Name must be at most 100 characters')),
});
export type CreateClosedDayBody = z.infer<typeof createClosedDayBody>;

export const closedDayParams = z.object({ day: isoDay });

/** POST /api/closed-days/public-holidays (ADR 0192): one click adds a country's public holidays for this year and next. */
export const addPublicHolidaysBody = z.object({
  country: z._default(z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, { error: 'Choose a country' }), z.toUpperCase()), 'US'),
});
export type AddPublicHolidaysBody = z.input<typeof addPublicHolidaysBody>;
export const addPublicHolidaysResponse = z.object({
  added: z.array(closedDayView),
  /** Holidays already in the list (left as they were). */
  alreadyClosed: z.int(),
  years: z.array(z.int()),
});
export type AddPublicHolidaysResponse = z.infer<typeof addPublicHolidaysResponse>;
export const holidayCountriesResponse = z.array(z.object({ code: z.string(), name: z.string() }));
export type HolidayCountries = z.infer<typeof holidayCountriesResponse>;
export const UNKNOWN_HOLIDAY_COUNTRY = 'Public holidays are not known for that country';
