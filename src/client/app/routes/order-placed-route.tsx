import { OrderPlacedPage } from '@client/features/orders/pages/order-placed-page';
import { NotFoundPage } from '../pages/not-found-page';

/** /orders/:id/placed, where Place Order lands (docs/decisions/0208); an id that is not a positive whole number is not a page. */
export function OrderPlacedRoute({ id }: { id: string }) {
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  if (orderId <= 0) return <NotFoundPage />;
  return <OrderPlacedPage key={orderId} orderId={orderId} />;
}
