import type { EmailStatus } from '@common/domain/email-status';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail, latestStatusByReference, type OutgoingEmail } from './outbox-repository';

export type MailOutbox = ReturnType<typeof createMailOutbox>;

/** The email outbox as other modules see it: they queue, the sender job delivers (jobs/outbox-sender.ts). */
export function createMailOutbox(db: Db) {
  return {
    /**
     * Queues an email. Pass the caller's transaction so the email exists exactly
     * when the order or user it speaks of does (docs/product-decisions.md#email-outbox).
     */
    enqueue: (email: OutgoingEmail, tx: DbOrTx = db): Promise<number> => enqueueEmail(tx, email),

    /**
     * The status of the newest email about each reference (`emailReference.order(12)`);
     * a reference with no email (none queued, or removed by retention) is absent.
     */
    async statusesOf(references: string[], tx: DbOrTx = db): Promise<Map<string, EmailStatus>> {
      const rows = await latestStatusByReference(tx, [...new Set(references)]);
      return new Map(rows.map((r) => [r.reference, r.status]));
    },
  };
}
