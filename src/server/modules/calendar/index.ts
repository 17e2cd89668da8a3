/** The calendar module's public entry (closed days, ADR 0054): other modules and app.ts import only this file. */
export { calendarRoutes } from './routes';
export { createCalendarService, type CalendarService } from './service';
