import type { CurrentUser } from '@common/contracts/auth';
import { menuOnDemand, useMenuOnDemand } from '@client/lib/menu-on-demand';
import { AdminMenuButton } from './admin-menu-button';

const adminMenu = menuOnDemand<{ user: CurrentUser }>(() => import('./admin-menu').then((m) => m.AdminMenu));

/** The admin menu without Radix Dropdown on the first load, as the account menu (ADR 0199). */
export function AdminMenuOnDemand({ user }: { user: CurrentUser }) {
  const { Menu, menuProps, standInProps } = useMenuOnDemand(adminMenu);
  if (Menu) return <Menu user={user} {...menuProps} />;
  return <AdminMenuButton {...standInProps} />;
}
