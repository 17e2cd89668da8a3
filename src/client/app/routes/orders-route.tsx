import type { CurrentUser } from '@common/contracts/auth';
import { CartLink } from '@client/features/cart/components/cart-link';
import { OrdersPage } from '@client/features/orders/pages/orders-page';

/** /orders with the cart feature's cart link in the header (UI.md: the cart reachable from every screen). */
export function OrdersRoute({ user }: { user: CurrentUser }) {
  return <OrdersPage user={user} headerActions={<CartLink activeRole={user.activeRole} />} />;
}
