import type { CartView } from '@common/contracts/carts';
import { formatPrice, fromCents, toCents } from '@common/domain/money';
import { orderNumber } from '@common/domain/order-status';
import type { OutgoingEmail } from '../mail';
import type { OrderEmailSettings } from './email';

/*
 * The approval emails (docs/decisions/0233): queued through the mail module's job queue in the
 * approval's own transaction, like the order confirmation, so a rolled-back step sends nothing.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function poTotal(cart: CartView): string {
  return fromCents(cart.items.reduce((sum, i) => sum + (toCents(i.product.price) ?? 0) * i.quantity, 0));
}

function email(settings: OrderEmailSettings, kind: OutgoingEmail['kind'], to: string[], subject: string, paragraphs: string[], reference: string): OutgoingEmail {
  return {
    kind,
    from: settings.from,
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('\n'),
    reference,
  };
}

const reference = (cartId: number) => `po-approval:${cartId}`;

function lines(cart: CartView): string {
  return cart.items.map((i) => `  ${i.quantity} x ${i.product.name} (SKU ${i.productId}) @ ${formatPrice(i.product.price)}`).join('\n');
}

/** To the company's admins: a PO waits for them. */
export function approvalRequestEmail(settings: OrderEmailSettings, to: string[], cart: CartView, requester: string): OutgoingEmail {
  return email(
    settings,
    'approval_request',
    to,
    `PO "${cart.name}" from ${requester} waits for your approval`,
    [
      `${requester} submitted the PO "${cart.name}" for approval: ${formatPrice(poTotal(cart))}.`,
      lines(cart),
      'Open Approvals in the portal to approve it or return it with a note.',
    ],
    reference(cart.id),
  );
}

/** To the requester: their PO was submitted. */
export function approvalSubmittedEmail(settings: OrderEmailSettings, to: string[], cart: CartView): OutgoingEmail {
  return email(
    settings,
    'approval_decision',
    to,
    `PO "${cart.name}" submitted for approval`,
    [`Your PO "${cart.name}" (${formatPrice(poTotal(cart))}) was sent to your company admin for approval. It is locked until they approve or return it.`],
    reference(cart.id),
  );
}

/** To the requester: approved and placed. */
export function approvalApprovedEmail(settings: OrderEmailSettings, to: string[], cartId: number, poName: string, orderId: number, approver: string): OutgoingEmail {
  return email(
    settings,
    'approval_decision',
    to,
    `PO "${poName}" approved: order ${orderNumber(orderId)} placed`,
    [`${approver} approved your PO "${poName}". It was placed as order ${orderNumber(orderId)}.`],
    reference(cartId),
  );
}

/** To the requester: returned with the admin's note. */
export function approvalReturnedEmail(settings: OrderEmailSettings, to: string[], cart: CartView, approver: string, note: string): OutgoingEmail {
  return email(
    settings,
    'approval_decision',
    to,
    `PO "${cart.name}" returned by ${approver}`,
    [`${approver} returned your PO "${cart.name}" with this note:`, note, 'You can change the PO and submit it again.'],
    reference(cart.id),
  );
}
