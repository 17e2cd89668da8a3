import { ArrowLeftRight } from 'lucide-react';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { useChooseRole } from '@client/features/auth/api/choose-role';

/**
 * On the Unauthorized screen of an admin acting as another role: back to Admin in
 * place. The page re-renders with the admin's permissions, so the user stays where
 * they wanted to go.
 */
export function SwitchToAdminButton() {
  const choose = useChooseRole();
  return (
    <Button
      loading={choose.isPending}
      onClick={() =>
        choose.mutate(
          { role: 'admin' },
          {
            onSuccess: () => toast({ title: 'Role switched', description: 'You are acting as Admin again.' }),
            onError: (error) =>
              toast({ title: 'Role selection failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
          },
        )
      }
    >
      <ArrowLeftRight aria-hidden />
      Switch to Admin
    </Button>
  );
}
