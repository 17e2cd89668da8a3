import { CLOSED_DAY_MESSAGES, UNKNOWN_HOLIDAY_COUNTRY, type AddPublicHolidaysResponse, type ClosedDayView, type CreateClosedDayBody } from '@common/contracts/calendar';
import type { ClosedDays, IsoDate } from '@common/domain/business-days';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import { holidayCountries, isHolidayCountry, publicHolidays } from '../../lib/public-holidays';
import type { ActivityService } from '../activity';
import { deleteClosedDay, insertClosedDay, listClosedDays } from './repository';

export type CalendarService = ReturnType<typeof createCalendarService>;

/**
 * The warehouse calendar (ADR 0054): closed days besides weekends, kept by admins,
 * read by the requested-date rule (orders) and the date picker.
 */
export function createCalendarService(deps: { db: Db; activity: ActivityService; today: () => IsoDate }) {
  const { db, activity } = deps;
  return {
    async list(): Promise<ClosedDayView[]> {
      return listClosedDays(db);
    },

    /** Closed days from `today` on: all the rule can ever need. */
    async closedDaysFrom(today: IsoDate): Promise<ClosedDays> {
      return new Set((await listClosedDays(db, today)).map((row) => row.day));
    },

    async upcoming(today: IsoDate): Promise<ClosedDayView[]> {
      return listClosedDays(db, today);
    },

    async add(actor: Actor, body: CreateClosedDayBody): Promise<ClosedDayView> {
      return db.transaction(async (tx) => {
        if (!(await insertClosedDay(tx, { day: body.day, name: body.name, createdBy: actor.userId }))) {
          const message = CLOSED_DAY_MESSAGES.taken(body.day);
          throw new HttpError(409, message, [{ path: 'day', message }]);
        }
        await activity.record(
          actor,
          { type: 'order_updated', description: `${actor.username} closed the warehouse on ${body.day} (${body.name})`, metadata: { closedDay: body.day, action: 'added' } },
          tx,
        );
        return { day: body.day, name: body.name };
      });
    },

    countries: holidayCountries,

    /**
     * ADR 0192: the country's public holidays for this year and next, added in one transaction;
     * days already closed keep their own name.
     */
    async addPublicHolidays(actor: Actor, country: string): Promise<AddPublicHolidaysResponse> {
      if (!isHolidayCountry(country)) throw new HttpError(400, UNKNOWN_HOLIDAY_COUNTRY, [{ path: 'country', message: UNKNOWN_HOLIDAY_COUNTRY }]);
      const year = Number(deps.today().slice(0, 4));
      const years = [year, year + 1];
      const holidays = publicHolidays(country, years);
      return db.transaction(async (tx) => {
        const added: ClosedDayView[] = [];
        for (const h of holidays) if (await insertClosedDay(tx, { ...h, createdBy: actor.userId })) added.push(h);
        await activity.record(
          actor,
          {
            type: 'order_updated',
            description: `${actor.username} added ${added.length} public holiday${added.length === 1 ? '' : 's'} (${country}, ${years.join(' and ')}) to the warehouse calendar`,
            metadata: { closedDays: added.map((d) => d.day), action: 'added', country },
          },
          tx,
        );
        return { added, alreadyClosed: holidays.length - added.length, years };
      });
    },

    async remove(actor: Actor, day: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await deleteClosedDay(tx, day);
        if (!removed) throw new HttpError(404, CLOSED_DAY_MESSAGES.notFound);
        await activity.record(
          actor,
          { type: 'order_updated', description: `${actor.username} reopened the warehouse on ${day} (${removed.name})`, metadata: { closedDay: day, action: 'removed' } },
          tx,
        );
      });
    },
  };
}
