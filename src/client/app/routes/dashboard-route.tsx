import type { CurrentUser } from '@common/contracts/auth';
import { useAnnouncements } from '@client/features/announcements/api/get-announcements';
import { AnnouncementCarousel } from '@client/features/announcements/components/announcement-carousel';
import { AccountActions } from '@client/features/auth/components/account-actions';
import { useActiveCart } from '@client/api/get-carts';
import { DashboardPage } from '@client/features/dashboard/pages/dashboard-page';

/**
 * Features may not import each other, so the dashboard receives the auth feature's
 * account buttons (Log Out, Edit My User Data, Change Password dialog), the
 * announcements carousel and the cart feature's item count (spec §2 "N items in
 * cart" badge) here. Spec §4: only salespeople see announcements on the dashboard
 * (an admin acting as one too).
 *
 * Layout shift 0 (issue 15): the carousel's height depends on its text, and on none at
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
      cartItemCount={cart.isPending ? undefined : (cart.data?.totalItems ?? null)}
    />
  );
}
