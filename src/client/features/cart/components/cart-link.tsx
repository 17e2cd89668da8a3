import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import type { Role } from '@common/domain/permissions';
import { cartWording } from '@common/domain/cart-rules';
import { Button } from '@client/components/ui/button';
import { useActiveCart } from '@client/api/get-carts';
import { formatCount } from '@common/domain/format';

/**
 * UI.md: the cart reachable from every screen, with the item count; the app frame shows it.
 * The count follows the carts query, so every add anywhere raises it without a reload.
 */
export function CartLink({ activeRole }: { activeRole: Role | null }) {
  const cart = useActiveCart();
  const count = cart.data?.totalItems ?? 0;
  const title = cartWording(activeRole).cartTitle;
  return (
    <Button asChild variant="outline" className="h-11 gap-1.5 px-3 md:h-10">
      {/* Named by its content ("Cart 3 items in Current Sample Order"), so the name holds the visible text. */}
      <Link href="/cart" data-testid="frame-cart-link">
        <ShoppingCart aria-hidden />
        <span className="hidden md:inline">Cart</span>
        <span className="nums min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-accent-foreground">
          {formatCount(count)}
        </span>
        <span className="sr-only">{` ${count === 1 ? 'item' : 'items'} in ${title}`}</span>
      </Link>
    </Button>
  );
}
