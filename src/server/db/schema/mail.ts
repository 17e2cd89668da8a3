import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES, type EmailStatus } from '../../../common/domain/email-status';
import { oneOf } from './one-of';

/** Email waiting to be sent; the order is saved even when mail is down (docs/product-decisions.md). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    ccAddresses: text('cc_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the email is about (`order:12`, `user:7`), so a screen can show an order's email status (ADR 0134). */
    reference: text('reference'),
    /** The pg-boss job that sends it now (docs/decisions/0215); an older job of this email sends nothing. */
    jobId: uuid('job_id'),
  },
  (t) => [
    index('email_outbox_reference_idx').on(t.reference),
    check('email_outbox_status_check', oneOf(t.status, EMAIL_STATUSES)),
  ],
);
