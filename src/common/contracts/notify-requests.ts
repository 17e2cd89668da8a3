import { z } from './zod';
import { blankAsMissing, idSchema } from './common';
import { cursorId, cursorStamp, pageCursor } from './page-cursor';

/*
 * GET /api/admin/notify-requests (docs/decisions/0214): the "notify me" requests for admins, newest
 * first, waiting ones and those whose back-in-stock email was sent, filtered by SKU and by who asked.
 */

export const NOTIFY_REQUEST_STATUSES = ['waiting', 'sent'] as const;
export type NotifyRequestStatus = (typeof NOTIFY_REQUEST_STATUSES)[number];
export const NOTIFY_REQUEST_STATUS_LABELS: Record<NotifyRequestStatus, string> = { waiting: 'Waiting for stock', sent: 'Email sent' };

export const NOTIFY_REQUESTS_PAGE_SIZE = 50;

/** The position after a page's last request: its created_at (microseconds, UTC) and id. */
export const notifyRequestsCursor = pageCursor(z.tuple([cursorStamp(), cursorId()]));

export const notifyRequestsQuery = z.object({
  sku: blankAsMissing(z.optional(idSchema('SKU must be a whole number'))),
  /** Part of the username, name or company of whoever asked. */
  user: blankAsMissing(z.optional(z.string().check(z.trim(), z.maxLength(100, { error: 'User must be at most 100 characters' })))),
  status: blankAsMissing(z.optional(z.enum(NOTIFY_REQUEST_STATUSES, { error: 'status must be waiting or sent' }))),
  cursor: notifyRequestsCursor.param,
});
export type NotifyRequestsQuery = z.infer<typeof notifyRequestsQuery>;

export const notifyRequestView = z.object({
  id: z.int(),
  sku: z.int(),
  productName: z.string(),
  userId: z.int(),
  username: z.string(),
  /** First and last name, or null. */
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  /** When the request was made (or made again after an email), ISO. */
  requestedAt: z.string(),
  status: z.enum(NOTIFY_REQUEST_STATUSES),
  sentAt: z.nullable(z.string()),
});
export type NotifyRequestView = z.infer<typeof notifyRequestView>;

export const notifyRequestsResponse = z.object({
  requests: z.array(notifyRequestView),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type NotifyRequestsResponse = z.infer<typeof notifyRequestsResponse>;
