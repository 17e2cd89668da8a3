import { Link } from 'wouter';
import { EMAIL_STATUS_LABELS, type EmailStatus } from '@common/domain/email-status';
import { EmailStatusBadge } from '@client/components/email-status-badge';

/**
 * Admins: the order's confirmation email (ADR 0134). The badge opens the outbox at that
 * status, where a failed email shows its error and can be resent. null: none on record
 * (sent emails leave the outbox after the retention period). `asLink={false}` inside
 * something that is already a link (the order card on a phone).
 */
export function OrderEmailStatus({ status, asLink = true }: { status: EmailStatus | null; asLink?: boolean }) {
  if (status === null) return <span className="text-sm text-muted-foreground">Email not on record</span>;
  const badge = <EmailStatusBadge status={status} label={`Email ${EMAIL_STATUS_LABELS[status].toLowerCase()}`} />;
  if (!asLink) return badge;
  return (
    <Link
      href={`/admin/emails?status=${status}`}
      className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`Confirmation email: ${EMAIL_STATUS_LABELS[status]} (open the email outbox)`}
    >
      {badge}
    </Link>
  );
}
