import { activityLogFilters, activityLogPage, activityLogQuery, CLIENT_ACTIVITY_LIMITS, clientActivityBody } from '@common/contracts/activity';
import { okBody } from '@common/contracts/common';
import { REPORT_REPEAT_WINDOW_MS } from '@common/domain/activity-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { activityCsv } from './export-csv';
import type { ActivityService } from './service';
import { contentDisposition } from '../../lib/downloads';

/** Page views come one per navigation; a session reporting more than this is not a person clicking. */
export const CLIENT_ACTIVITY_PER_MINUTE = 60;

/** Activity calls, docs/product-decisions.md#activity-announcements-files. */
export const ACTIVITY_LIMIT_MESSAGE = `Too many activity reports; at most ${CLIENT_ACTIVITY_PER_MINUTE} a minute`;

export const activityRoutes: FastifyPluginAsyncZod<{
  activity: ActivityService;
  /** Counts a report against the account's minute (docs/decisions/0100); shared by every server. */
  reportLimit: (userId: number, perMinute: number) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}> = async (app, { activity, reportLimit }) => {
  // The browser's page views and UI events; any signed-in user who is past the temporary-password step.
  app.post(
    '/api/activity',
    { bodyLimit: CLIENT_ACTIVITY_LIMITS.bodyBytes, config: { access: 'user' }, schema: { operationId: 'recordClientActivity', summary: 'Record something the browser saw (page views, downloads)', errorStatuses: [429], body: clientActivityBody, response: { 200: okBody } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const verdict = await reportLimit(actor.userId, CLIENT_ACTIVITY_PER_MINUTE);
      if (!verdict.allowed) {
        reply.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new HttpError(429, ACTIVITY_LIMIT_MESSAGE);
      }
      await activity.recordClient(actor, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/activity-logs',
    { config: { access: 'admin' }, schema: { operationId: 'listActivityLogs', summary: 'The activity log, newest first, filtered and paged', querystring: activityLogQuery, response: { 200: activityLogPage } } },
    async (request) => {
      const actor = actorOf(request);
      const page = await activity.list(request.query);
      // Opening the log is a report_viewed, once per session within the window (paging and filtering
      // are the same viewing); written after the read, so the page shown is the log as it was opened.
      await activity.recordOnce(
        actor,
        { type: 'report_viewed', description: `${actor.username} viewed the activity log` },
        { sameAs: { report: 'activity_log' }, withinMs: REPORT_REPEAT_WINDOW_MS },
      );
      return page;
    },
  );

  // A download link, so the browser streams it to disk. Reading the log changes nothing;
  // the export_generated row is the audit trail of who took a copy.
  app.get('/api/admin/activity-logs/export', { config: { access: 'admin' }, schema: { operationId: 'exportActivityLogs', summary: 'Export the filtered activity log as CSV', querystring: activityLogFilters, produces: ['text/csv'] } }, (request, reply) => {
    const actor = actorOf(request);
    const filters = request.query;
    const rows = activity.exportRows(filters, (count, complete) =>
      activity.record(actor, {
        type: 'export_generated',
        description: `${actor.username} exported ${count} activity log${count === 1 ? '' : 's'} as CSV`,
        userId: actor.userId,
        metadata: { rows: count, complete, filters },
      }),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `activity-logs-${day}.csv`))
      .header('cache-control', 'no-store')
      .send(Readable.from(activityCsv(rows)));
  });
};
