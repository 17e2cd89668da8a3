import type { CurrentUser } from '@common/contracts/auth';
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
 */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  const cart = useActiveCart();
  return (
    <DashboardPage
      user={user}
      accountActions={<AccountActions />}
      announcements={user.activeRole === 'salesperson' ? <AnnouncementCarousel /> : undefined}
      cartItemCount={cart.data?.totalItems}
    />
  );
}
