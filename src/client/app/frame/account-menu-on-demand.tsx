import type { CurrentUser } from '@common/contracts/auth';
import { menuOnDemand, useMenuOnDemand } from '@client/lib/menu-on-demand';
import { AccountMenuButton } from './account-menu-button';

const accountMenu = menuOnDemand<{ user: CurrentUser }>(() => import('./account-menu').then((m) => m.AccountMenu));

/**
 * The account menu without Radix Dropdown on the first load (ADR 0199; ADR 0152 did the same,
 * ADR 0194 undid it while the PO menu brought Dropdown anyway). The button is painted with the
 * frame; the menu's code loads when the user heads for it and opens on the press that asked.
 */
export function AccountMenuOnDemand({ user }: { user: CurrentUser }) {
  const { Menu, menuProps, standInProps } = useMenuOnDemand(accountMenu);
  if (Menu) return <Menu user={user} {...menuProps} />;
  return <AccountMenuButton user={user} {...standInProps} />;
}
