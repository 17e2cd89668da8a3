import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export interface OutgoingEmail {
  kind: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an email. Call it with the caller's transaction so the email exists
 * exactly when the order or user it speaks of does (docs/product-decisions.md#email-outbox).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      fromAddress: email.from,
      toAddresses: email.to,
      ccAddresses: email.cc ?? [],
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email not queued');
  return row.id;
}
