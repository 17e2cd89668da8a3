import { CircleCheck, FileText, Printer } from 'lucide-react';
import { Link } from 'wouter';
import type { OrderView } from '@common/contracts/orders';
import { formatCalendarDate, formatDateTime } from '@common/domain/format-date';
import { DELIVERY_LABELS, orderNumber } from '@common/domain/order-status';
import { errorMessage } from '@client/lib/api-client';
import { LoadingState } from '@client/components/loading-state';
import { PageTitle } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useOrder } from '../api/get-order';
import { Fact } from '../components/order-fact';
import { OrderLines } from '../components/order-lines';
import { OrderNotes, PoNameFact, ShipToFact, TotalFact } from '../components/order-facts';
import { placerText } from '@common/domain/reps';

function Delivery({ order }: { order: OrderView }) {
  if (!order.deliveryType && !order.requestedDate) return <>Not given</>;
  return (
    <>
      {order.deliveryType ? DELIVERY_LABELS[order.deliveryType] : 'Delivery'}
      {order.requestedDate && (
        <span className="block text-muted-foreground">
          {order.deliveryType === 'ship' ? 'Arrives' : 'Pickup'} {formatCalendarDate(order.requestedDate)}
        </span>
      )}

    </>
  );
}

/**
 * /orders/{id}/placed: what Place Order lands on (docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md).
 * The order number, PO name, each line with the lots it took, the total and the delivery, with
 * Print (the page prints as it is shown, frame and buttons hidden) and Open order.
 */
export function OrderPlacedPage({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  const number = orderNumber(orderId);
  return (
    <div className="min-h-dvh">
      <PageTitle title={`Order ${number} placed`} backHref="/orders" backLabel="Back to order history" />
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
            <section aria-labelledby="order-placed-heading" className="flex flex-wrap items-start justify-between gap-3">
              <div className="flex min-w-0 items-start gap-3">
                <CircleCheck className="mt-0.5 size-6 shrink-0 text-success print:hidden" aria-hidden />
                <div className="min-w-0">
                  <h2 id="order-placed-heading" className="text-lg font-semibold">
                    Order {number} was placed
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    {formatDateTime(order.data.createdAt)}. You will receive an email confirmation.
                  </p>
                </div>
              </div>
              <div className="flex w-full flex-wrap gap-2 *:flex-auto sm:w-auto sm:*:flex-none print:hidden">
                <Button variant="outline" onClick={() => window.print()}>
                  <Printer aria-hidden /> Print
                </Button>
                <Button asChild>
                  <Link href={`/orders/${orderId}`}>
                    <FileText aria-hidden /> Open order
                  </Link>
                </Button>
              </div>
            </section>
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  <Fact label="Order Number">
                    <span className="nums font-semibold">{number}</span>
                  </Fact>
                  <Fact label="Placed by">{placerText(order.data)}</Fact>
                  {order.data.approvedByName && <Fact label="Approved by">{order.data.approvedByName}</Fact>}
                  <PoNameFact order={order.data} />
                  {order.data.poReference && <Fact label="Your PO Reference">{order.data.poReference}</Fact>}
                  <Fact label="Delivery">
                    <Delivery order={order.data} />
                  </Fact>
                  <ShipToFact order={order.data} />
                  <TotalFact order={order.data} />
                </dl>
                <OrderNotes order={order.data} />
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
