import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import type { CurrentUser } from '@common/contracts/auth';
import { formatDay } from '@common/domain/format-date';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useQuotes } from '../api/quotes';
import { QuoteStatusBadge } from '../components/quote-status-badge';

/**
 * /quotes (docs/decisions/0237): a dealer's company's project quotes and the request button; for admins
 * and salespeople every company's, the requested ones waiting to be priced first.
 */
export function QuotesPage({ user }: { user: CurrentUser }) {
  const role = user.activeRole;
  const pricer = role === 'admin' || role === 'salesperson';
  if (!pricer && !(role === 'bold_customer' && user.companyId !== null)) return <UnauthorizedPage />;
  return <QuotesList pricer={pricer} />;
}

function QuotesList({ pricer }: { pricer: boolean }) {
  const quotes = useQuotes();
  const rows = [...(quotes.data?.quotes ?? [])].sort((a, b) => (pricer ? Number(b.status === 'requested') - Number(a.status === 'requested') : 0) || b.id - a.id);
  return (
    <Page
      title={pricer ? 'Quotes to Price' : 'Project Quotes'}
      description={
        pricer
          ? 'Price requested quotes, hold lots for them and send them; follow accepted ones as they are ordered.'
          : 'Ask for a price on a job, hold one shade lot for it, and order it in phases at the quoted prices.'
      }
      actions={
        !pricer && (
          <Button asChild>
            <Link href="/quotes/new">
              <Plus aria-hidden /> Request a quote
            </Link>
          </Button>
        )
      }
    >
      {quotes.isPending && <LoadingState>Loading quotes...</LoadingState>}
      {quotes.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load quotes</AlertTitle>
          <AlertDescription>{errorMessage(quotes.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {quotes.data && rows.length === 0 && (
        <Card>
          <CardContent className="py-8 text-center text-sm text-muted-foreground">
            {pricer ? 'No quotes yet. Dealers request them from their Project Quotes screen.' : 'No quotes yet. Request one for your next job: name the project and the tiles, in boxes or square feet.'}
          </CardContent>
        </Card>
      )}
      {rows.length > 0 && (
        <>
          <Table containerClassName="hidden sm:block">
            <TableHeader>
              <TableRow>
                <TableHead>Quote</TableHead>
                <TableHead>Project</TableHead>
                {pricer && <TableHead>Dealer</TableHead>}
                <TableHead>Status</TableHead>
                <TableHead>Valid until</TableHead>
                <TableHead className="text-right">Lines</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((q) => (
                <TableRow key={q.id}>
                  <TableCell>
                    <Link href={`/quotes/${q.id}`} className="font-medium text-accent underline-offset-4 hover:underline">
                      {q.number}
                    </Link>
                  </TableCell>
                  <TableCell>{q.projectName}</TableCell>
                  {pricer && <TableCell>{q.companyName}</TableCell>}
                  <TableCell>
                    <QuoteStatusBadge status={q.status} />
                  </TableCell>
                  <TableCell>{q.validUntil ? formatDay(q.validUntil) : '-'}</TableCell>
                  <TableCell className="nums text-right">{q.lineCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ul className="grid gap-3 sm:hidden" aria-label="Quotes">
            {rows.map((q) => (
              <li key={q.id}>
                <Link href={`/quotes/${q.id}`} className="block rounded-lg border border-border bg-surface p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">
                      {q.number} {q.projectName}
                    </span>
                    <QuoteStatusBadge status={q.status} />
                  </div>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {pricer ? `${q.companyName} · ` : ''}
                    {q.lineCount} line{q.lineCount === 1 ? '' : 's'}
                    {q.validUntil ? ` · valid until ${formatDay(q.validUntil)}` : ''}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
