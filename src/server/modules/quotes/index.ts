/** The quotes module's public entry (docs/decisions/0237): other modules, jobs and app.ts import only this file. */
export { quoteRoutes } from './routes';
export { createQuotesService, type QuotesService } from './service';
export { expireQuotesOnce } from './expire';
