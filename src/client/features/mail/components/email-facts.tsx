import { Fragment } from 'react';
import { Link } from 'wouter';
import type { EmailView } from '@common/contracts/emails';
import { formatDateTime } from '@common/domain/format-date';
import { orderIdOfReference } from '@common/domain/email-status';
import { orderNumber } from '@common/domain/order-status';
import { EmailStatusBadge } from '@client/components/email-status-badge';

/**
 * An address that may wrap only before "@" and after a dot or hyphen, never mid-word,
 * so a long one fits a phone without a horizontal scroll.
 */
function Address({ address }: { address: string }) {
  const parts = address.split(/(?=@)|(?<=[.-])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Recipients: to, then cc, each address on its own line. */
export function Recipients({ email }: { email: EmailView }) {
  return (
    <div className="grid gap-0.5 text-sm">
      {email.to.map((address) => (
        <span key={`to-${address}`}>
          <Address address={address} />
        </span>
      ))}
      {email.cc.map((address) => (
        <span key={`cc-${address}`} className="text-muted-foreground">
          cc <Address address={address} />
        </span>
      ))}
    </div>
  );
}

/** The subject, linked to the order it confirms when there is one. */
export function Subject({ email }: { email: EmailView }) {
  const orderId = orderIdOfReference(email.reference);
  if (orderId === null) return <span className="break-words">{email.subject}</span>;
  return (
    <Link href={`/orders/${orderId}`} className="break-words text-accent underline-offset-4 hover:underline" aria-label={`${email.subject} (open order ${orderNumber(orderId)})`}>
      {email.subject}
    </Link>
  );
}

/** The status word, then what explains it: the last error, or when the next try or the delivery was. */
export function DeliveryState({ email }: { email: EmailView }) {
  return (
    <div className="grid justify-items-start gap-1">
      <EmailStatusBadge status={email.status} />
      {email.status === 'sent' && email.sentAt && <span className="nums text-xs text-muted-foreground">{formatDateTime(email.sentAt)}</span>}
      {email.status === 'pending' && email.attempts > 0 && (
        <span className="nums text-xs text-muted-foreground">next try {formatDateTime(email.nextAttemptAt)}</span>
      )}
      {email.lastError && email.status !== 'sent' && (
        <span className="text-xs break-words text-destructive">
          {/* A resent email has no attempts yet: the error is from before the resend. */}
          {email.status === 'pending' && email.attempts === 0 ? 'Error before the resend: ' : 'Last error: '}
          {email.lastError}
        </span>
      )}
    </div>
  );
}
