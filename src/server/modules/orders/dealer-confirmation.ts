import type { DealerConfirmationBody } from '@common/contracts/orders';
import { displayName } from '@common/domain/display-name';
import { orderNumber } from '@common/domain/order-status';
import { DEALER_CONFIRMATION_LABELS } from '@common/domain/reps';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { OutgoingEmail } from '../mail';
import type { OrderEmailSettings } from './email';
import { liveEmailAddresses } from '../users';
import { findOrderForUpdate, findPlacerName, type OrderRow } from './repository';

/*
 * A company that confirms reps' orders (docs/decisions/0235): such an order waits in "Awaiting
 * dealer" until a buyer or company admin of that company confirms or declines it with a note;
 * the rep hears the answer by email and sees it on the order.
 */

export const DEALER_CONFIRMATION_MESSAGES = {
  notYours: 'Only a buyer of this company can answer for it',
  notAwaiting: 'This order is not waiting for your confirmation',
} as const;

/** The answer, written under the order's lock; the caller records the activity and queues the email. */
export async function answerDealerConfirmation(tx: DbOrTx, actor: Actor, orderId: number, body: DealerConfirmationBody): Promise<{ before: OrderRow; row: OrderRow }> {
  const before = await findOrderForUpdate(tx, orderId);
  const ofCompany = before && actor.role === 'bold_customer' && actor.companyId != null && before.companyId === actor.companyId;
  if (!before || !ofCompany) throw new HttpError(404, 'Order not found');
  // A rep acting for the company cannot answer for it, nor a requester (they only submit).
  if (actor.actingFor || (actor.companyRole !== 'admin' && actor.companyRole !== 'buyer')) throw new HttpError(403, DEALER_CONFIRMATION_MESSAGES.notYours);
  if (before.dealerConfirmation !== 'awaiting') throw new HttpError(409, DEALER_CONFIRMATION_MESSAGES.notAwaiting);
  const byName = displayName({ username: actor.username, ...(await findPlacerName(tx, actor.userId)) });
  const [row] = await tx
    .update(orders)
    .set({ dealerConfirmation: body.decision, dealerConfirmationNote: body.note || null, dealerConfirmedByName: byName, dealerConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return { before, row: row! };
}

/** To the rep who placed it: the dealer's answer and note. */
export function dealerAnswerEmail(settings: OrderEmailSettings, to: string[], row: OrderRow): OutgoingEmail {
  const answer = DEALER_CONFIRMATION_LABELS[row.dealerConfirmation ?? 'awaiting'];
  const paragraphs = [
    `${row.companyName ?? 'The dealer'}: ${answer.toLowerCase()} for order ${orderNumber(row.id)}${row.dealerConfirmedByName ? ` (${row.dealerConfirmedByName})` : ''}.`,
    ...(row.dealerConfirmationNote ? ['Note:', row.dealerConfirmationNote] : []),
  ];
  return {
    kind: 'dealer_confirmation',
    from: settings.from,
    to,
    subject: `Order ${orderNumber(row.id)} for ${row.companyName ?? 'a dealer'}: ${answer}`,
    text: paragraphs.join('\n\n'),
    reference: `dealer-answer:${row.id}`,
  };
}

/** The rep's address, when they have one. */
export async function repAddress(tx: DbOrTx, repId: number): Promise<string[]> {
  const addresses = liveEmailAddresses('rep_address');
  const [row] = await tx.select({ email: addresses.email }).from(addresses).where(eq(addresses.id, repId));
  return row?.email ? [row.email] : [];
}
