import { useState, type ReactElement } from 'react';
import { errorMessage, isApiError } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { useChangePassword } from '../api/change-password';
import { useUser } from '../api/get-user';
import { PasswordChangeForm } from './password-change-form';

/** Wording for a failed change. */
function failureText(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred. Please try again.';
  return errorMessage(error, 'An error occurred changing your password. Please try again.');
}

/**
 * The general Change Password dialog (Cancel, Change Password). It closes on
 * success and is fresh when reopened: Radix unmounts the content on close, which
 * drops the form state, and the mutation is reset on open.
 */
export function ChangePasswordDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
}: {
  trigger?: ReactElement;
  /** Controlled use, when a menu item opens it (the app frame's account menu). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const user = useUser();
  const mutation = useChangePassword({
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Password Updated', description: 'Your password has been changed.' });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) mutation.reset();
        setOpen(next);
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        </DialogHeader>
        <PasswordChangeForm
          username={user.data?.username ?? ''}
          autoFocus
          onSubmit={(body) => mutation.mutateAsync(body)}
          error={mutation.isError ? { title: 'Password Change Failed', message: failureText(mutation.error) } : null}
        >
          <DialogFooter className="pt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={mutation.isPending} loadingText="Updating...">
              Change Password
            </Button>
          </DialogFooter>
        </PasswordChangeForm>
      </DialogContent>
    </Dialog>
  );
}
