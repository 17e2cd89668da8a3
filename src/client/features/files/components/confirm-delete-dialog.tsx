import { useState, type ReactElement, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';

/**
 * "Are you sure?" before a delete. Stays open with a spinner until the server
 * answers; on failure it stays open (the caller shows the toast) so the person
 * can try again or cancel.
 */
export function ConfirmDeleteDialog({
  trigger,
  title,
  description,
  onConfirm,
  onOpenChange,
  confirmDisabled = false,
}: {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<unknown>;
  onOpenChange?: (open: boolean) => void;
  confirmDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
      onOpenChange?.(false);
    } catch {
      // The caller has said what went wrong; leave the dialog open.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} loading={pending} loadingText="Deleting..." disabled={confirmDisabled}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
