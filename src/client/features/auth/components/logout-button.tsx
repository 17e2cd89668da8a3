import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { errorMessage } from '@client/lib/api-client';
import { forgetRememberedPath } from '@client/lib/remembered-path';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useLogout } from '../api/logout';

/** Log Out ends the session and goes to /auth; "Logout failed" on error. */
export function LogoutButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [, navigate] = useLocation();
  const logout = useLogout({
    onSuccess: () => {
      // The next person at this browser must not land on this user's last page.
      forgetRememberedPath();
      navigate('/auth', { replace: true });
    },
  });

  return (
    <Button
      variant="outline"
      size="sm"
      {...props}
      loading={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (error) =>
            toast({
              title: 'Logout failed',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    >
      {!logout.isPending && <LogOut aria-hidden />}
      Log Out
    </Button>
  );
}
