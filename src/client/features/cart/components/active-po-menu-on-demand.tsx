import type { CartView } from '@common/contracts/carts';
import type { cartWording } from '@common/domain/cart-rules';
import { menuOnDemand, useMenuOnDemand } from '@client/lib/menu-on-demand';
import { PoMenuButton } from './po-menu-button';

type Props = { active: CartView; wording: ReturnType<typeof cartWording> };

const poMenu = menuOnDemand<Props>(() => import('./active-po-menu').then((m) => m.ActivePoMenu));

/**
 * The PO switcher without Radix Dropdown on the first load (ADR 0199): its button is painted
 * with the frame, in its place (no shift when the code arrives); the menu loads when the user
 * heads for it and opens on the press that asked.
 */
export function ActivePoMenuOnDemand(props: Props) {
  const { Menu, menuProps, standInProps } = useMenuOnDemand(poMenu);
  if (Menu) return <Menu {...props} {...menuProps} />;
  return <PoMenuButton {...standInProps} />;
}
