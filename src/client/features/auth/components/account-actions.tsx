import { KeyRound, UserPen } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';
import { ChangePasswordOnDemand } from './change-password-on-demand';
import { LogoutButton } from './logout-button';

/**
 * Account buttons: Log Out, Edit My User Data (to /profile, ADR 0053),
 * Change Password (a dialog). Handed to the dashboard by app/ as a slot, because a
 * feature may not import another feature.
 */
export function AccountActions({ className }: { className?: string }) {
  return (
    // Full-width, thumb-sized buttons on phones; a compact row from md up.
    <div className={cn('grid gap-2 md:flex md:flex-wrap', className)}>
      <LogoutButton />
      <Button variant="outline" size="sm" asChild>
        <Link href="/profile">
          <UserPen aria-hidden />
          Edit My User Data
        </Link>
      </Button>
      <ChangePasswordOnDemand
        trigger={
          <Button variant="outline" size="sm">
            <KeyRound aria-hidden />
            Change Password
          </Button>
        }
      />
    </div>
  );
}
