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
