import type { EmailsResponse, EmailView, emailsQuery } from '@common/contracts/emails';
import { EMAIL_MESSAGES, EMAILS_PAGE_SIZE } from '@common/domain/email-status';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import { emailKindName } from './email-kinds';
import { findEmail, listEmails, requeueFailedEmail, type OutboxEmailRow } from './outbox-repository';

function toView(row: OutboxEmailRow): EmailView {
  return {
    id: row.id,
    kind: row.kind,
    kindName: emailKindName(row.kind),
    to: row.toAddresses,
    cc: row.ccAddresses,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export type EmailsService = ReturnType<typeof createEmailsService>;

/**
 * The admin's view of the outbox (decisions.md: admins can read it; ADR 0134): every
 * email with its status and last error, and Resend for a failed one. Resend only puts
 * the email back in the queue; the sender job (jobs/outbox-sender.ts) delivers it.
 */
export function createEmailsService(deps: { db: Db; activity: ActivityService; smtpConfigured: boolean }) {
  const { db, activity } = deps;
  return {
    async list(query: z.output<typeof emailsQuery>): Promise<EmailsResponse> {
      const { rows, total } = await listEmails(db, { status: query.status }, { limit: EMAILS_PAGE_SIZE, offset: (query.page - 1) * EMAILS_PAGE_SIZE });
      return { emails: rows.map(toView), total, page: query.page, pageSize: EMAILS_PAGE_SIZE, smtpConfigured: deps.smtpConfigured };
    },

    async resend(actor: Actor, id: number): Promise<EmailView> {
      return db.transaction(async (tx) => {
        const before = await findEmail(tx, id);
        if (!before) throw new HttpError(404, EMAIL_MESSAGES.notFound);
        const row = await requeueFailedEmail(tx, id);
        if (!row) throw new HttpError(409, EMAIL_MESSAGES.onlyFailed);
        await activity.record(
          actor,
          {
            type: 'email_resent',
            description: `${actor.username} resent the ${emailKindName(row.kind).toLowerCase()} email "${row.subject}"`,
            metadata: { emailId: id, reference: row.reference, previousAttempts: before.attempts, lastError: before.lastError },
          },
          tx,
        );
        return toView(row);
      });
    },
  };
}
