/**
 * The email outbox's states (docs/decisions/0044, 0134). The database keeps `pending`;
 * people read "Waiting": it waits for the sender, for a retry, or for SMTP_URL to be set.
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * What an email is about, stored beside it so a screen can ask "the email of order 12"
 * without the mail module knowing orders or users: `order:12`, `user:7`.
 */
export const emailReference = {
  order: (orderId: number) => `order:${orderId}`,
  user: (userId: number) => `user:${userId}`,
} as const;

/** The order id in an `order:12` reference, else null. */
export function orderIdOfReference(reference: string | null): number | null {
  const match = reference ? /^order:(\d+)$/.exec(reference) : null;
  return match ? Number(match[1]) : null;
}

export const EMAIL_MESSAGES = {
  notFound: 'Email not found',
  onlyFailed: 'Only a failed email can be resent; this one is not failed',
  smtpNotConfigured: 'Email is not configured (SMTP_URL is not set): emails wait in the outbox and are not sent.',
} as const;

/** The outbox screen shows 25 emails a page. */
export const EMAILS_PAGE_SIZE = 25;
