import { ChevronDown, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { ROLE_LABELS } from '@common/domain/permissions';
import { Button } from '@client/components/ui/button';

/** Who is signed in and as what: the account menu's button, the same before and after the menu loads. */
export function AccountMenuButton({ user, ...props }: { user: CurrentUser } & ComponentProps<'button'>) {
  const name = displayName(user);
  const role = user.activeRole ? ROLE_LABELS[user.activeRole] : null;
  return (
    <Button variant="ghost" className="h-11 gap-2 px-2 md:h-10" aria-label={`Account menu: ${name}${role ? `, ${role}` : ''}`} {...props}>
      <UserRound aria-hidden className="size-5" />
      <span className="hidden max-w-40 min-w-0 flex-col items-start text-left leading-tight lg:flex">
        <span className="w-full truncate text-sm font-semibold">{name}</span>
        {role && <span className="text-xs font-normal text-muted-foreground">{role}</span>}
      </span>
      <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
    </Button>
  );
}
