import { RotateCw } from 'lucide-react';
import type { EmailView } from '@common/contracts/emails';
import { formatDateTime } from '@common/domain/format-date';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { DeliveryState, Recipients, Subject } from './email-facts';

interface Props {
  emails: EmailView[];
  onResend: (email: EmailView) => void;
  /** The email being resent, whose button shows it is busy. */
  resendingId: number | null;
}

function ResendButton({ email, onResend, resendingId }: { email: EmailView } & Omit<Props, 'emails'>) {
  if (email.status !== 'failed') return null;
  return (
    <Button variant="outline" size="sm" loading={resendingId === email.id} onClick={() => onResend(email)} aria-label={`Resend "${email.subject}"`}>
      <RotateCw aria-hidden />
      Resend
    </Button>
  );
}

/** The outbox, newest first: a table on wide screens, one card per email on a phone. */
export function EmailsTable({ emails, onResend, resendingId }: Props) {
  const attempts = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
  return (
    <>
      <Table containerClassName="hidden shadow-xs md:block">
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Recipients</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Attempts</TableHead>
            <TableHead>Queued</TableHead>
            <TableHead>
              <span className="sr-only">Resend</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {emails.map((email) => (
            <TableRow key={email.id}>
              <TableCell className="max-w-72">
                <Subject email={email} />
                <div className="text-xs text-muted-foreground">{email.kindName}</div>
              </TableCell>
              {/* Wide enough for a usual address on one line; a longer one wraps at "@" or a dot. */}
              <TableCell className="min-w-64">
                <Recipients email={email} />
              </TableCell>
              <TableCell className="max-w-64">
                <DeliveryState email={email} />
              </TableCell>
              <TableCell className="nums text-right">{email.attempts}</TableCell>
              <TableCell className="nums whitespace-nowrap">{formatDateTime(email.createdAt)}</TableCell>
              <TableCell className="py-1 text-right">
                <ResendButton email={email} onResend={onResend} resendingId={resendingId} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-3 md:hidden" aria-label="Emails">
        {emails.map((email) => (
          <li key={email.id} className="grid gap-2 rounded-card border border-border bg-surface p-4 shadow-xs">
            <div className="grid gap-0.5">
              <span className="font-medium">
                <Subject email={email} />
              </span>
              <span className="text-xs text-muted-foreground">
                {email.kindName} · queued <span className="nums">{formatDateTime(email.createdAt)}</span> · {attempts(email.attempts)}
              </span>
            </div>
            <Recipients email={email} />
            <DeliveryState email={email} />
            <div>
              <ResendButton email={email} onResend={onResend} resendingId={resendingId} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
