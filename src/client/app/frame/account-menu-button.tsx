import { ChevronDown, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { ROLE_LABELS } from '@common/domain/permissions';
import { Button } from '@client/components/ui/button';

/** Who is signed in and as what: the account menu's button. */
export function AccountMenuButton({ user, ...props }: { user: CurrentUser } & ComponentProps<'button'>) {
  const name = displayName(user);
  const role = user.activeRole ? ROLE_LABELS[user.activeRole] : null;
  return (
    // The name comes from the content (a hidden "Account menu:" then what is shown), so the
    // accessible name always contains the visible text (axe label-content-name-mismatch).
    <Button variant="ghost" className="h-11 gap-2 px-2 md:h-10" title={role ? `${name}, ${role}` : name} {...props}>
      <UserRound aria-hidden className="size-5" />
      <span className="sr-only lg:hidden">{`Account menu: ${name}${role ? `, ${role}` : ''}`}</span>
      <span className="sr-only max-lg:hidden">Account menu: </span>
      <span className="hidden max-w-64 min-w-0 flex-col items-start text-left leading-tight lg:flex">
        <span className="w-full truncate text-sm font-semibold">{name}</span>
        {role && <span className="text-xs font-normal text-muted-foreground">{role}</span>}
      </span>
      <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
    </Button>
  );
}
