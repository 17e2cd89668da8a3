import { EMAIL_STATUS_LABELS, type EmailStatus } from '@common/domain/email-status';
import { Badge } from '@client/components/ui/badge';

const VARIANT: Record<EmailStatus, 'success' | 'warning' | 'destructive'> = {
  pending: 'warning',
  sent: 'success',
  failed: 'destructive',
};

/**
 * An email's status word (Waiting, Sent, Failed) with a colour that only repeats it (docs/ui-rules.md).
 * Shared by the outbox screen and the orders screens, which may not import each other.
 */
export function EmailStatusBadge({ status, label }: { status: EmailStatus; label?: string }) {
  return <Badge variant={VARIANT[status]}>{label ?? EMAIL_STATUS_LABELS[status]}</Badge>;
}
