import { ChevronLeft, ChevronRight, Mail, MailWarning } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { emailsQuery, type EmailsQuery, type EmailView } from '@common/contracts/emails';
import { isOneOf } from '@common/domain/one-of';
import { EMAIL_MESSAGES, EMAIL_STATUS_LABELS, EMAIL_STATUSES } from '@common/domain/email-status';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { emailsPath, useEmails, useResendEmail } from '../api/emails';
import { EmailsTable } from '../components/emails-table';

function readQuery(search: string): EmailsQuery {
  const parsed = emailsQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return parsed.success ? parsed.data : { page: 1 };
}

/** /admin/emails: the email outbox (decisions.md: admins can read it; ADR 0134). */
export function EmailOutboxPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <EmailOutbox />;
}

function EmailOutbox() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The filter and page live in the URL, so Back and refresh keep them (docs/ui-rules.md, Navigation).
  const query = readQuery(search);
  const setQuery = (next: EmailsQuery) => navigate(emailsPath(next).replace('/api/admin/emails', '/admin/emails'));
  const emails = useEmails(query);
  const resend = useResendEmail();
  const pages = emails.data ? Math.max(1, Math.ceil(emails.data.total / emails.data.pageSize)) : 1;

  const onResend = (email: EmailView) =>
    resend.mutate(email.id, {
      onSuccess: () =>
        toast({
          title: 'Queued to send again',
          description: emails.data?.smtpConfigured === false ? EMAIL_MESSAGES.smtpNotConfigured : `"${email.subject}" is waiting for the sender.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Could not resend', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Page
      title="Email Outbox"
      description="Every email the portal has queued (order confirmations, welcome emails, stock-arrived notices, email changes), with what happened to it. Failed emails can be sent again."
    >
      {emails.data?.smtpConfigured === false && (
        <Alert variant="warning">
          <MailWarning aria-hidden />
          <AlertTitle>Email is not configured</AlertTitle>
          <AlertDescription>{EMAIL_MESSAGES.smtpNotConfigured}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-1.5 print:hidden">
        <Label htmlFor="email-status-filter">Status</Label>
        <NativeSelect
          id="email-status-filter"
          className="w-full sm:w-44"
          value={query.status ?? ''}
          onChange={(e) => setQuery({ status: isOneOf(EMAIL_STATUSES, e.target.value) ? e.target.value : undefined, page: 1 })}
        >
          <option value="">All statuses</option>
          {EMAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EMAIL_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {emails.isPending ? (
        <LoadingState>Loading emails...</LoadingState>
      ) : emails.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the outbox</AlertTitle>
          <AlertDescription>{errorMessage(emails.error, 'Please try again.')}</AlertDescription>
        </Alert>
      ) : emails.data.emails.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <Mail className="size-8 text-muted-foreground" aria-hidden />
          {emails.data.total > 0 ? (
            // A page number typed or kept in the URL past the end.
            <>
              <p className="font-medium">Page {query.page} is past the end</p>
              <Button variant="outline" onClick={() => setQuery({ ...query, page: 1 })}>
                First page
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">{query.status ? `No ${EMAIL_STATUS_LABELS[query.status].toLowerCase()} emails` : 'No emails yet'}</p>
              <p className="text-sm text-muted-foreground">
                {query.status ? 'Choose All statuses to see every email.' : 'Order confirmations and welcome emails appear here as they are queued.'}
              </p>
            </>
          )}
        </div>
      ) : (
        <>
          <EmailsTable emails={emails.data.emails} onResend={onResend} resendingId={resend.isPending ? (resend.variables ?? null) : null} />
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3">
              <Button variant="outline" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <span className="nums text-center text-sm text-muted-foreground">
                Page {query.page} of {pages} · {emails.data.total} emails
              </span>
              <Button variant="outline" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
                Next <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : (
            <p className="nums text-sm text-muted-foreground">
              {emails.data.total} {emails.data.total === 1 ? 'email' : 'emails'}
            </p>
          )}
        </>
      )}
    </Page>
  );
}
