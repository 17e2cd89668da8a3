import { closedDayParams, closedDayView, closedDaysResponse, createClosedDayBody } from '@common/contracts/calendar';
import { okBody } from '@common/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import type { CalendarService } from './service';

/** Closed days (ADR 0054): admins keep the list; the date picker reads it via /api/orders/requested-dates. */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  app.get('/api/closed-days', { config: { access: 'admin' }, schema: { response: { 200: closedDaysResponse } } }, () => calendar.list());

  app.post('/api/closed-days', { config: { access: 'admin' }, schema: { body: createClosedDayBody, response: { 200: closedDayView } } }, (request) =>
    calendar.add(actorOf(request), request.body),
  );

  app.delete('/api/closed-days/:day', { config: { access: 'admin' }, schema: { params: closedDayParams, response: { 200: okBody } } }, async (request) => {
    await calendar.remove(actorOf(request), request.params.day);
    return { ok: true as const };
  });
};
