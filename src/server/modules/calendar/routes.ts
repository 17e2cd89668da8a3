import {
  addPublicHolidaysBody,
  addPublicHolidaysResponse,
  closedDayParams,
  closedDayView,
  closedDaysResponse,
  createClosedDayBody,
  holidayCountriesResponse,
} from '@common/contracts/calendar';
import { errorBody } from '@common/contracts/common';
import { okBody } from '@common/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { CalendarService } from './service';

/** Closed days (ADR 0054): admins keep the list; the date picker reads it via /api/orders/requested-dates. */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  app.get('/api/closed-days', { config: { access: 'admin' }, schema: { operationId: 'listClosedDays', summary: 'Days the business is closed', response: { 200: closedDaysResponse } } }, () => calendar.list());

  // ADR 0192: one click adds a country's public holidays (date-holidays) for this year and next.
  app.get(
    '/api/closed-days/holiday-countries',
    {
      config: { access: 'admin' },
      schema: { tags: ['Calendar'], summary: 'Countries whose public holidays can be added', operationId: 'listHolidayCountries', response: { 200: holidayCountriesResponse } },
    },
    () => calendar.countries(),
  );
  app.post(
    '/api/closed-days/public-holidays',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Calendar'],
        summary: "Add a country's public holidays for this year and next as closed days",
        operationId: 'addPublicHolidays',
        body: addPublicHolidaysBody,
        response: { 200: addPublicHolidaysResponse, 400: errorBody },
      },
    },
    (request) => calendar.addPublicHolidays(actorOf(request), request.body.country),
  );
  app.post('/api/closed-days', { config: { access: 'admin' }, schema: { operationId: 'createClosedDay', summary: 'Add a closed day', errorStatuses: [409], body: createClosedDayBody, response: { 200: closedDayView } } }, (request) =>
    calendar.add(actorOf(request), request.body),
  );

  app.delete('/api/closed-days/:day', { config: { access: 'admin' }, schema: { operationId: 'deleteClosedDay', summary: 'Remove a closed day', params: closedDayParams, response: { 200: okBody } } }, async (request) => {
    await calendar.remove(actorOf(request), request.params.day);
    return { ok: true as const };
  });
};
