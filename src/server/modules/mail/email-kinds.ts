/**
 * Every kind of email the portal queues, with the name people read on the outbox screen
 * (docs/decisions/0212-words-and-times-people-read.md). An email's template gives its `kind`
 * (OutgoingEmail.kind is one of these), so a new template cannot be queued without a name here.
 * The templates: orders/email.ts, orders/approval-emails.ts, users/welcome-email.ts, users/email-change-emails.ts,
 * lots/notify-email.ts, lots/backorders.ts, orders/dealer-confirmation.ts.
 */
export const EMAIL_KIND_NAMES = {
  order_confirmation: 'Order confirmation',
  welcome: 'Welcome (new account)',
  stock_arrival: 'Stock arrived (notify me)',
  backorder_arrival: 'Backorder arrived',
  email_change_confirm: 'Email change: confirm the new address',
  email_change_notice: 'Email change: notice to the old address',
  approval_request: 'PO submitted for approval',
  approval_decision: 'PO approved or returned',
  quote_update: 'Quote requested, sent, accepted, declined or expired',
  dealer_confirmation: "Dealer's answer to a rep's order",
} as const satisfies Record<string, string>;

export type EmailKind = keyof typeof EMAIL_KIND_NAMES;

/** The name of a stored kind; one no template queues any more reads as words, never as a code. */
export function emailKindName(kind: string): string {
  if (Object.hasOwn(EMAIL_KIND_NAMES, kind)) return EMAIL_KIND_NAMES[kind as EmailKind];
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Email';
}
