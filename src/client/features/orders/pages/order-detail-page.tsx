import { Printer } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { ReorderResponse } from '@common/contracts/orders';
import { formatCalendarDate, formatDateTime } from '@common/domain/format-date';
import { DELIVERY_LABELS, ORDER_KIND_LABELS, orderNumber } from '@common/domain/order-status';
import { errorMessage } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LoadingState } from '@client/components/loading-state';
import { PageTitle } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useOrder } from '../api/get-order';
import { Fact } from '../components/order-fact';
import { OrderLines } from '../components/order-lines';
import { OrderNotes, PoNameFact, ShipToFact, TotalFact } from '../components/order-facts';
import { OrderEmailStatus } from '../components/order-email-status';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderStatusEditor } from '../components/order-status-editor';
import { DealerPoFromSamples } from '../components/dealer-po-from-samples';
import { ReorderButton } from '../components/reorder-button';
import { ReorderResult } from '../components/reorder-result';
import { DealerConfirmation } from '../components/dealer-confirmation';
import { placerText } from '@common/domain/reps';

/** /orders/{id}: one order, print-friendly (docs/ui-rules.md, Print), with Reorder for its owner and status changes for admins. */
export function OrderDetailPage({ user, orderId }: { user: CurrentUser; orderId: number }) {
  useDocumentTitle(`Order ${orderNumber(orderId)}`);
  const order = useOrder(orderId);
  const [reorderResult, setReorderResult] = useState<ReorderResponse | null>(null);
  const isAdmin = user.activeRole === 'admin';
  // The placer reorders; so does any buyer of the order's company (docs/decisions/0233).
  const isOwner = order.data?.userId === user.id || (user.activeRole === 'bold_customer' && user.companyId !== null && order.data?.companyId === user.companyId);

  return (
    <div className="min-h-dvh">
      <PageTitle
        title={`Order ${orderNumber(orderId)}`}
        backHref="/orders"
        backLabel="Back to order history"
      />
      <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">
        {order.isPending ? (
          <LoadingState>Loading order...</LoadingState>
        ) : order.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load this order</AlertTitle>
            <AlertDescription>{errorMessage(order.error, 'Please try again.')}</AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-end gap-2 print:hidden">
              <Button variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden /> Print
              </Button>
              {isOwner && <ReorderButton orderId={orderId} poName={order.data.cartName ?? null} activeRole={user.activeRole} onDone={setReorderResult} />}
            </div>
            {/* A rep's own sample order starts a dealer's PO with the same tiles (docs/decisions/0235). */}
            {order.data.kind === 'sample' && order.data.userId === user.id && user.activeRole === 'salesperson' && !user.actingFor && (
              <div className="flex justify-end print:hidden">
                <DealerPoFromSamples orderId={orderId} />
              </div>
            )}
            {reorderResult && <ReorderResult result={reorderResult} />}
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  <Fact label="Status">
                    <OrderStatusBadge status={order.data.status} />
                  </Fact>
                  {order.data.emailStatus !== undefined && (
                    <Fact label="Confirmation Email">
                      <OrderEmailStatus status={order.data.emailStatus} />
                    </Fact>
                  )}
                  <Fact label="Type">{ORDER_KIND_LABELS[order.data.kind]}</Fact>
                  <Fact label="Placed">{formatDateTime(order.data.createdAt)}</Fact>
                  <Fact label="Placed by">
                    {placerText(order.data)}
                    {order.data.placedBy !== order.data.username && <span className="block text-xs text-muted-foreground">{order.data.username}</span>}
                  </Fact>
                  {order.data.approvedByName && <Fact label="Approved by">{order.data.approvedByName}</Fact>}
                  <DealerConfirmation order={order.data} user={user} />
                  <PoNameFact order={order.data} />
                  {order.data.poReference && <Fact label="Your PO Reference">{order.data.poReference}</Fact>}
                  {order.data.deliveryType && <Fact label="Delivery">{DELIVERY_LABELS[order.data.deliveryType]}</Fact>}
                  <ShipToFact order={order.data} />
                  {order.data.requestedDate && (
                    <Fact label={order.data.deliveryType === 'ship' ? 'Requested Arrival Date' : 'Requested Pickup Date'}>
                      {formatCalendarDate(order.data.requestedDate)}
                    </Fact>
                  )}
                  <TotalFact order={order.data} />
                </dl>
                <OrderNotes order={order.data} />
                {isAdmin && (
                  <div className="mt-4 border-t border-border pt-4">
                    <OrderStatusEditor key={order.data.status} orderId={order.data.id} status={order.data.status} />
                  </div>
                )}
              </CardContent>
            </Card>
            <Card>
              <OrderLines order={order.data} />
            </Card>
          </>
        )}
      </main>
    </div>
  );
}
