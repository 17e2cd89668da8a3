import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ClipboardCheck } from 'lucide-react';
import type { CartView } from '@common/contracts/carts';
import { describePriceSource } from '@common/domain/contract-prices';
import { formatDateTime } from '@common/domain/format-date';
import { formatCents, formatPrice, lineTotalCents } from '@common/domain/money';
import { productsText } from '@common/domain/cart-rules';
import { orderNumber } from '@common/domain/order-status';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { PageTitle } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { approvalBody, useApproval, useApprovals, useApprove, useReturnPo } from '../api/approvals';

function poTotalCents(cart: CartView): number {
  return cart.items.reduce((sum, i) => sum + (lineTotalCents(i.product.price, i.quantity) ?? 0), 0);
}

/**
 * /approvals and /approvals/:id (docs/decisions/0233): a company admin's list of the POs its buyers
 * submitted, and one PO with Approve (placed as its owner submitted it) or Return with a note.
 */
export function ApprovalsPage({ id }: { id?: number }) {
  return id === undefined ? <ApprovalsList /> : <ApprovalDetail id={id} />;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Could not load approvals</AlertTitle>
      <AlertDescription className="grid gap-2">
        {errorMessage(error, 'Please try again.')}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function ApprovalsList() {
  const approvals = useApprovals();
  return (
    <div className="min-h-dvh">
      <PageTitle title="Approvals" backHref="/orders" backLabel="Back to order history" />
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6 sm:px-6">
        {approvals.isPending ? (
          <LoadingState>Loading approvals...</LoadingState>
        ) : approvals.isError ? (
          <LoadError error={approvals.error} onRetry={() => void approvals.refetch()} />
        ) : approvals.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <ClipboardCheck className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">Nothing waiting for approval</p>
            <p className="text-sm text-muted-foreground">POs your buyers submit for approval appear here.</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="POs waiting for approval">
            {approvals.data.map((cart) => (
              <li key={cart.id}>
                <Link
                  href={`/approvals/${cart.id}`}
                  className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{cart.name}</span>
                    <span className="nums font-semibold">{formatCents(poTotalCents(cart))}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {cart.ownerName ?? 'A buyer'}
                    {cart.submittedAt ? ` · submitted ${formatDateTime(cart.submittedAt)}` : ''} · {productsText(cart.items.length)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function ApprovalDetail({ id }: { id: number }) {
  const noteId = useId();
  const [, navigate] = useLocation();
  const po = useApproval(id);
  const approve = useApprove();
  const giveBack = useReturnPo();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const onApprove = (cart: CartView) =>
    approve.mutate(
      { id: cart.id, body: approvalBody(cart) },
      {
        onSuccess: (order) => {
          toast({ title: 'Approved', description: `${cart.name} was placed as order ${orderNumber(order.id)}.`, variant: 'success' });
          navigate(`/orders/${order.id}`);
        },
        onError: (error) => {
          void po.refetch();
          toast({ title: 'Not approved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );

  const onReturn = (cart: CartView) => {
    if (note.trim() === '') {
      setNoteError('Say why the PO is returned.');
      document.getElementById(noteId)?.focus();
      return;
    }
    giveBack.mutate(
      { id: cart.id, note: note.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Returned', description: `${cart.ownerName ?? 'The buyer'} was emailed your note.`, variant: 'success' });
          navigate('/approvals');
        },
        onError: (error) => toast({ title: 'Not returned', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="min-h-dvh">
      <PageTitle title={po.data ? `Approve ${po.data.name}` : 'Approve PO'} backHref="/approvals" backLabel="Back to approvals" />
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6 sm:px-6">
        {po.isPending ? (
          <LoadingState>Loading PO...</LoadingState>
        ) : po.isError ? (
          <LoadError error={po.error} onRetry={() => void po.refetch()} />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
            <Card>
              <CardHeader>
                <CardTitle>{po.data.name}</CardTitle>
                <p className="text-sm text-muted-foreground">
                  {po.data.ownerName ?? 'A buyer'}
                  {po.data.submittedAt ? ` · submitted ${formatDateTime(po.data.submittedAt)}` : ''}
                </p>
              </CardHeader>
              <CardContent>
                <ul className="divide-y divide-border" aria-label="PO lines">
                  {po.data.items.map((item) => {
                    const source = describePriceSource(item.priceSource ?? null);
                    return (
                      <li key={item.id} className="flex justify-between gap-3 py-3 text-sm">
                        <span className="min-w-0">
                          <span className="nums font-semibold">{item.quantity} x</span> {item.product.name}
                          <span className="nums block text-xs text-muted-foreground">
                            SKU {item.productId} · {formatPrice(item.product.price)} each
                            {source && item.basePrice !== item.product.price && (
                              <>
                                {' '}
                                <s>{formatPrice(item.basePrice ?? null)}</s>
                              </>
                            )}
                            {source && ` · ${source}`}
                          </span>
                        </span>
                        <span className="nums shrink-0 font-medium">{formatCents(lineTotalCents(item.product.price, item.quantity))}</span>
                      </li>
                    );
                  })}
                </ul>
                <div className="flex items-baseline justify-between border-t border-border pt-3">
                  <span className="font-semibold">Total</span>
                  <span className="nums text-lg font-semibold">{formatCents(poTotalCents(po.data))}</span>
                </div>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
                <Button size="lg" className="w-full" loading={approve.isPending} onClick={() => onApprove(po.data)}>
                  Approve and place order
                </Button>
                <p className="text-xs text-muted-foreground">
                  The order is placed at the prices shown, by {po.data.ownerName ?? 'the buyer'}, with the delivery they chose.
                </p>
                <div className="grid gap-1.5 border-t border-border pt-4">
                  <Label htmlFor={noteId}>Note to the buyer</Label>
                  <Textarea
                    id={noteId}
                    rows={3}
                    maxLength={2000}
                    value={note}
                    aria-invalid={noteError ? true : undefined}
                    aria-describedby={noteError ? `${noteId}-error` : undefined}
                    placeholder="What to change before it is approved"
                    onChange={(e) => {
                      setNote(e.target.value);
                      setNoteError(null);
                    }}
                  />
                  {noteError && (
                    <p id={`${noteId}-error`} className="text-sm font-medium text-destructive">
                      {noteError}
                    </p>
                  )}
                  <Button variant="outline" loading={giveBack.isPending} onClick={() => onReturn(po.data)}>
                    Return with note
                  </Button>
                </div>
              </CardContent>
            </Card>
          </div>
        )}
      </main>
    </div>
  );
}
