import { ArrowLeftRight, Building2, KeyRound, LogOut, UserPen } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { ROLE_LABELS } from '@common/domain/permissions';
import { errorMessage } from '@client/lib/api-client';
import { forgetRememberedPath } from '@client/lib/remembered-path';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { toast } from '@client/components/ui/use-toast';
import { useLogout } from '@client/features/auth/api/logout';
import { ChangePasswordOnDemand } from '@client/features/auth/components/change-password-on-demand';
import type { OnDemandMenuProps } from '@client/lib/menu-on-demand';
import { AccountMenuButton } from './account-menu-button';

/**
 * The frame's account menu: who is signed in and in which role, Switch role
 * for admins, Edit My User Data (/profile, ADR 0053), Change Password, Log Out. Loaded when the
 * user heads for its button (`account-menu-on-demand.tsx`, ADR 0199): `defaultOpen` when the
 * button was pressed before, `focusButton` when it had the keyboard focus.
 */
export function AccountMenu({ user, defaultOpen = false, focusButton = false }: { user: CurrentUser } & Partial<OnDemandMenuProps>) {
  const [, navigate] = useLocation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const logout = useLogout({
    onSuccess: () => {
      // The next person at this browser must not land on this user's last page.
      forgetRememberedPath();
      navigate('/auth', { replace: true });
    },
  });
  const name = displayName(user);
  const role = user.activeRole ? ROLE_LABELS[user.activeRole] : null;

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <AccountMenuButton user={user} autoFocus={focusButton} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="text-sm text-foreground">
            <span className="block truncate font-semibold">{name}</span>
            <span className="block font-normal text-muted-foreground">
              {user.username}
              {role && <> · {role}</>}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {user.role === 'admin' && (
            <DropdownMenuItem onSelect={() => navigate('/role-select')}>
              <ArrowLeftRight aria-hidden />
              Switch role
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => navigate('/profile')}>
            <UserPen aria-hidden />
            Edit My User Data
          </DropdownMenuItem>
          {/* A dealer's company, its locations and (company admins) its buyers (docs/decisions/0230). */}
          {user.activeRole === 'bold_customer' && user.companyId !== null && (
            <DropdownMenuItem onSelect={() => navigate('/company')}>
              <Building2 aria-hidden />
              My Company
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setPasswordOpen(true)}>
            <KeyRound aria-hidden />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={logout.isPending}
            onSelect={() =>
              logout.mutate(undefined, {
                onError: (error) =>
                  toast({ title: 'Logout failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            <LogOut aria-hidden />
            Log Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordOnDemand open={passwordOpen} onOpenChange={setPasswordOpen} />
    </>
  );
}
