import type { CurrentUser } from '@common/contracts/auth';
import { OrdersPage } from '@client/features/orders/pages/orders-page';

/** /orders; the cart link is the frame's now. */
export function OrdersRoute({ user }: { user: CurrentUser }) {
  return <OrdersPage user={user} />;
}
