import type { CurrentUser } from '@common/contracts/auth';
import { AccountActions } from '@client/features/auth/components/account-actions';
import { DashboardPage } from '@client/features/dashboard/pages/dashboard-page';

/**
 * Features may not import each other, so the dashboard receives the auth feature's
 * account buttons (Log Out, Edit My User Data, Change Password dialog) here.
 * Later features plug in the same way (cart count, announcements carousel).
 */
export function DashboardRoute({ user }: { user: CurrentUser }) {
  return <DashboardPage user={user} accountActions={<AccountActions />} />;
}
