import { z } from './zod';
import { EMAIL_STATUSES } from '../domain/email-status';
import { blankAsMissing } from './common';

export const emailStatusSchema = z.enum(EMAIL_STATUSES, { error: 'Status must be pending, sent or failed' });

/** GET /api/admin/emails: newest first, paged on the server, optionally one status (`?status=` is every status). */
export const emailsQuery = z.object({
  page: z._default(
    z.coerce
      .number({ error: 'Page must be a number' })
      .check(
        z.int({ error: 'Page must be a whole number' }),
        z.minimum(1, { error: 'Page must be at least 1' }),
        z.maximum(100_000, { error: 'Page is too large' }),
      ),
    1,
  ),
  status: blankAsMissing(z.optional(emailStatusSchema)),
});
export type EmailsQuery = z.output<typeof emailsQuery>;

export const emailView = z.object({
  id: z.int(),
  /** The template's code (`order_confirmation`, `stock_arrival`), for machines. */
  kind: z.string(),
  /** What people read: "Order confirmation", "Stock arrived (notify me)" (docs/decisions/0212). */
  kindName: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: emailStatusSchema,
  attempts: z.int(),
  /** The last delivery error; kept while a resent email waits, cleared once it is sent. */
  lastError: z.nullable(z.string()),
  /** `order:12`, `user:7`, or null for emails queued before references existed. */
  reference: z.nullable(z.string()),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type EmailView = z.infer<typeof emailView>;

export const emailsResponse = z.object({
  emails: z.array(emailView),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** False when SMTP_URL is not set: nothing is sent, emails wait. */
  smtpConfigured: z.boolean(),
});
export type EmailsResponse = z.infer<typeof emailsResponse>;
