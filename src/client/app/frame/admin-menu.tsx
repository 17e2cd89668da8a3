import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { adminMenuFor } from '@common/domain/dashboard-tiles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { TILE_ICONS } from '@client/features/dashboard/components/tile-icons';
import type { OnDemandMenuProps } from '@client/lib/menu-on-demand';
import { AdminMenuButton } from './admin-menu-button';

/**
 * The header's admin menu (docs/decisions/0214): every admin screen one press from any page, under
 * the names of their dashboard tiles (adminMenuFor), on desktop and phone. Loaded on demand like the
 * account menu (ADR 0199).
 */
export function AdminMenu({ user, defaultOpen = false, focusButton = false }: { user: CurrentUser } & Partial<OnDemandMenuProps>) {
  const [, navigate] = useLocation();
  const items = adminMenuFor(user.activeRole, user.permissions);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AdminMenuButton autoFocus={focusButton} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[80dvh] w-64 overflow-y-auto">
        <DropdownMenuLabel className="text-sm text-foreground">Administration</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((item) => {
          const Icon = TILE_ICONS[item.id];
          return (
            <DropdownMenuItem key={item.id} onSelect={() => navigate(item.href)}>
              <Icon aria-hidden />
              {item.title}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
