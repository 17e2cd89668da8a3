import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import type { Role } from '@common/domain/permissions';
import { cartWording } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { useActiveCart } from '@client/api/get-carts';

/** UI.md: the cart reachable from every screen, with the item count; for other screens' headers (composed in app/). */
export function CartLink({ activeRole }: { activeRole: Role | null }) {
  const cart = useActiveCart();
  const count = cart.data?.totalItems ?? 0;
  const title = cartWording(activeRole).cartTitle;
  return (
    <Button asChild variant="outline">
      <Link href="/cart" aria-label={`${title}: ${count} ${count === 1 ? 'item' : 'items'}`}>
        <ShoppingCart aria-hidden />
        <span className="nums">{count}</span>
      </Link>
    </Button>
  );
}
