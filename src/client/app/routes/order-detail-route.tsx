import type { CurrentUser } from '@common/contracts/auth';
import { CartLink } from '@client/features/cart/components/cart-link';
import { OrderDetailPage } from '@client/features/orders/pages/order-detail-page';
import { NotFoundPage } from '../pages/not-found-page';

/** /orders/:id (with the cart link in its header); an id that is not a positive whole number is simply not a page. */
export function OrderDetailRoute({ user, id }: { user: CurrentUser; id: string }) {
  const orderId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  if (orderId <= 0) return <NotFoundPage />;
  return <OrderDetailPage key={orderId} user={user} orderId={orderId} headerActions={<CartLink activeRole={user.activeRole} />} />;
}
