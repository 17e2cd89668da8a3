import { useLocation } from 'wouter';
import { Download } from 'lucide-react';
import type { CurrentUser } from '@common/contracts/auth';
import type { QuoteView } from '@common/contracts/quotes';
import { formatDay } from '@common/domain/format-date';
import { formatPrice } from '@common/domain/money';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { quotePdfHref, useDecideQuote, useQuote } from '../api/quotes';
import { ExtendQuote } from '../components/extend-quote';
import { OrderFromQuote } from '../components/order-from-quote';
import { PriceQuoteForm } from '../components/price-quote-form';
import { QuoteLines } from '../components/quote-lines';
import { QuoteStatusBadge } from '../components/quote-status-badge';

/** /quotes/:id (docs/decisions/0237): the quote; the dealer accepts, declines and orders from it, a pricer prices and sends it. */
export function QuotePage({ user, id }: { user: CurrentUser; id: number }) {
  const role = user.activeRole;
  const pricer = role === 'admin' || role === 'salesperson';
  if (!pricer && role !== 'bold_customer') return <UnauthorizedPage />;
  return <QuoteScreen id={id} pricer={pricer} isAdmin={role === 'admin'} />;
}

function QuoteScreen({ id, pricer, isAdmin }: { id: number; pricer: boolean; isAdmin: boolean }) {
  const quote = useQuote(id);
  const title = quote.data ? `Quote ${quote.data.number}` : 'Quote';
  return (
    <Page
      title={title}
      backHref="/quotes"
      backLabel="Back to quotes"
      actions={
        quote.data && (
          <Button asChild variant="outline">
            <a href={quotePdfHref(id)} download>
              <Download aria-hidden /> Download PDF
            </a>
          </Button>
        )
      }
    >
      {quote.isPending && <LoadingState>Loading the quote...</LoadingState>}
      {quote.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the quote</AlertTitle>
          <AlertDescription>{errorMessage(quote.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {quote.data && <QuoteBody quote={quote.data} pricer={pricer} isAdmin={isAdmin} />}
    </Page>
  );
}

function QuoteBody({ quote, pricer, isAdmin }: { quote: QuoteView; pricer: boolean; isAdmin: boolean }) {
  const decide = useDecideQuote(quote.id);
  const [, navigate] = useLocation();
  const step = (decision: 'accept' | 'decline' | 'close', done: string) =>
    decide.mutate(decision, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (error) => toast({ title: 'Nothing changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  const facts: [string, string][] = [
    ['Dealer', quote.companyName],
    // A rep acting for the dealer (docs/decisions/0242): the rep, beside the company above.
    ['Requested by', quote.requestedByRep ? `${quote.requestedByRep.name} (rep, for ${quote.companyName})` : quote.requestedBy],
    ['Site', quote.siteAddress || 'Not given'],
    ['Contractor', quote.contractor || 'Not given'],
    ['Install date', quote.installDate ? formatDay(quote.installDate) : 'Not given'],
    ['Valid until', quote.validUntil ? formatDay(quote.validUntil) : 'Not priced yet'],
  ];
  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{quote.projectName}</CardTitle>
          <QuoteStatusBadge status={quote.status} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
          {quote.dealerNotes && <p className="text-sm">Dealer&apos;s notes: {quote.dealerNotes}</p>}
          {quote.notes && <p className="text-sm">Our notes: {quote.notes}</p>}
          {quote.total && <p className="nums text-right text-base font-semibold">Total {formatPrice(quote.total)}</p>}
        </CardContent>
      </Card>
      <QuoteLines quote={quote} />
      {!pricer && quote.status === 'quoted' && (
        <Card>
          <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm">Accept to order at these prices until {quote.validUntil ? formatDay(quote.validUntil) : 'the quote expires'}; held lots stay yours until then.</p>
            <div className="flex gap-2 *:flex-1 sm:*:flex-none">
              <Button variant="outline" loading={decide.isPending && decide.variables === 'decline'} onClick={() => step('decline', 'Quote declined')}>
                Decline
              </Button>
              <Button loading={decide.isPending && decide.variables === 'accept'} onClick={() => step('accept', 'Quote accepted')}>
                Accept quote
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
      {!pricer && quote.status === 'accepted' && <OrderFromQuote quote={quote} onPlaced={(orderId) => navigate(`/orders/${orderId}`)} />}
      {pricer && (quote.status === 'requested' || quote.status === 'quoted') && <PriceQuoteForm quote={quote} isAdmin={isAdmin} />}
      {isAdmin && (quote.status === 'quoted' || quote.status === 'accepted') && <ExtendQuote quote={quote} />}
      {isAdmin && (quote.status === 'quoted' || quote.status === 'accepted') && (
        <div className="flex justify-end">
          <Button variant="outline" loading={decide.isPending && decide.variables === 'close'} onClick={() => step('close', 'Quote closed; its holds were released')}>
            Close quote and release holds
          </Button>
        </div>
      )}
    </>
  );
}
