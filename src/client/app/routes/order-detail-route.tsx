import type { CurrentUser } from '@common/contracts/auth';
import { OrderDetailPage } from '@client/features/orders/pages/order-detail-page';
import { NotFoundPage } from '../pages/not-found-page';

/** /orders/:id (the frame's own cart link is the only one: a second one crowded the phone header); an id that is not a positive whole number is simply not a page. */
export function OrderDetailRoute({ user, id }: { user: CurrentUser; id: string }) {
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  if (orderId <= 0) return <NotFoundPage />;
  return <OrderDetailPage key={orderId} user={user} orderId={orderId} />;
}
