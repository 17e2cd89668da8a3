import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import type { Role } from '@common/domain/permissions';
import { cartDisplayName, cartProductCount, cartWording } from '@common/domain/cart-rules';
import { formatCount } from '@common/domain/format';
import { Button } from '@client/components/ui/button';
import { useActiveCart } from '@client/api/get-carts';
import type { DeviceCartWrites } from '../lib/device-writes';
import { ActivePoMenuOnDemand } from './active-po-menu-on-demand';

/**
 * docs/ui-rules.md: the active PO (or sample order) reachable from every screen, with its count; the app frame
 * shows it. The count follows the carts query, so every add anywhere raises it without a reload.
 * ADR 0189: it names the PO every add goes to, and buyers switch PO beside it.
 *
 * docs/decisions/0213: the badge counts products (lines), as the PO page does, never boxes. It is
 * read as "14 products in Purchase Order 1": the count comes first in the DOM and is drawn after
 * the name (CSS order), so the name read contains what is shown (axe label-content-name-mismatch)
 * without an aria-label. On a phone the name is only read (the badge and icon fit; the menu and
 * the PO page name it), so the button is never cut to "Sample Orde...".
 *
 * A rep's count includes the adds and removals waiting on the device (field mode, docs/decisions/0239),
 * handed in by the app as /cart's are.
 */
export function CartLink({ activeRole, deviceWrites }: { activeRole: Role | null; deviceWrites?: Pick<DeviceCartWrites, 'apply'> }) {
  const cart = useActiveCart();
  const shown = cart.data && deviceWrites ? deviceWrites.apply(cart.data).cart : cart.data;
  const count = shown ? cartProductCount(shown) : 0;
  const wording = cartWording(activeRole);
  const poName = cart.data ? cartDisplayName(cart.data, activeRole) : wording.cartTitle;
  return (
    <div className="flex min-w-0 items-center">
      <Button
        asChild
        variant="outline"
        className={wording.kind === 'purchase' ? 'h-11 min-w-0 shrink gap-1.5 rounded-r-none px-2.5 md:h-10' : 'h-11 min-w-0 shrink gap-1.5 px-2.5 md:h-10'}
      >
        <Link href="/cart" data-testid="frame-cart-link" title={poName}>
          <ShoppingCart aria-hidden className="shrink-0" />
          <span
            className="nums order-last min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-accent-foreground"
            data-testid="frame-cart-count"
          >
            {formatCount(count)}
          </span>
          <span className="sr-only"> {count === 1 ? 'product' : 'products'} in </span>
          <span className="min-w-0 truncate text-sm max-sm:sr-only sm:max-w-44" data-testid="frame-po-name">
            {poName}
          </span>
        </Link>
      </Button>
      {/* Salespeople keep one sample order, so no switching for them. */}
      {wording.kind === 'purchase' && cart.data && <ActivePoMenuOnDemand active={cart.data} wording={wording} />}
    </div>
  );
}
