import type { CurrentUser } from '@common/contracts/auth';
import { useAnnouncements } from '@client/features/announcements/api/get-announcements';
import { AnnouncementCarousel } from '@client/features/announcements/components/announcement-carousel';
import { AccountActions } from '@client/features/auth/components/account-actions';
import { useActiveCart } from '@client/api/get-carts';
import { DashboardPage } from '@client/features/dashboard/pages/dashboard-page';
import type { CartView } from '@common/contracts/carts';

/** Products in a PO or sample order: its distinct lines, tiles and merchandise (docs/guide.md "Words we use"), not boxes. */
function productCount(cart: CartView): number {
  return cart.items.length + cart.displays.length + cart.labels.length + cart.priceLists.length + cart.handboards.length;
}

/**
 * Features may not import each other, so the dashboard receives the auth feature's
 * account buttons (Log Out, Edit My User Data, Change Password dialog), the
 * announcements carousel and the active PO's product count (the badge on the
 * cart tile, counted in products) here. Only salespeople see announcements on the dashboard
 * (an admin acting as one too).
 *
 * Layout shift 0: the carousel's height depends on its text, and on none at
 * all when every announcement is dismissed, so no reserved box fits every case. The page
 * paints once the announcements are known (one request, sent with the cart and settings
 * calls); the cart count and the "Last Updated" line keep their space while they load.
 */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  const showsAnnouncements = user.activeRole === 'salesperson';
  const announcements = useAnnouncements({ enabled: showsAnnouncements });
  const cart = useActiveCart();
  if (showsAnnouncements && announcements.isPending) return <div className="min-h-dvh" aria-busy="true" />;
  return (
    <DashboardPage
      user={user}
      accountActions={<AccountActions />}
      announcements={showsAnnouncements ? <AnnouncementCarousel /> : undefined}
      cartProductCount={cart.isPending ? undefined : cart.data ? productCount(cart.data) : null}
    />
  );
}
