import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail, type OutgoingEmail } from './outbox-repository';

export type MailOutbox = ReturnType<typeof createMailOutbox>;

/** The email outbox as other modules see it: they queue, the sender job delivers (jobs/outbox-sender.ts). */
export function createMailOutbox(db: Db) {
  return {
    /**
     * Queues an email. Pass the caller's transaction so the email exists exactly
     * when the order or user it speaks of does (docs/product-decisions.md#email-outbox).
     */
    enqueue: (email: OutgoingEmail, tx: DbOrTx = db): Promise<number> => enqueueEmail(tx, email),
  };
}
