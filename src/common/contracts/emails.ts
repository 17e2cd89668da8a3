import { z } from 'zod';
import { EMAIL_STATUSES } from '../domain/email-status';
import { lazySchema } from './lazy-schema';

export const emailStatusSchema = lazySchema(() => z.enum(EMAIL_STATUSES, { error: 'Status must be pending, sent or failed' }));

/** An empty query parameter (`?status=`) means "every status". */
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/emails: newest first, paged on the server, optionally one status. */
export const emailsQuery = lazySchema(() =>
  z.object({
    page: z.coerce.number({ error: 'Page must be a number' }).int({ error: 'Page must be a whole number' }).min(1, { error: 'Page must be at least 1' }).max(100_000, { error: 'Page is too large' }).default(1),
    status: z.preprocess(blankAsMissing, emailStatusSchema.optional()),
  }),
);
export type EmailsQuery = z.output<typeof emailsQuery>;

export const emailView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    status: emailStatusSchema,
    attempts: z.number().int(),
    /** The last delivery error; kept while a resent email waits, cleared once it is sent. */
    lastError: z.string().nullable(),
    /** `order:12`, `user:7`, or null for emails queued before references existed. */
    reference: z.string().nullable(),
    createdAt: z.string(),
    nextAttemptAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
export type EmailView = z.infer<typeof emailView>;

export const emailsResponse = lazySchema(() =>
  z.object({
    emails: z.array(emailView),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** False when SMTP_URL is not set: nothing is sent, emails wait. */
    smtpConfigured: z.boolean(),
  }),
);
export type EmailsResponse = z.infer<typeof emailsResponse>;
