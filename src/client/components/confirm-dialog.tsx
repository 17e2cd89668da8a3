import { cloneElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';

/**
 * "Are you sure?" before an action that cannot be undone. The dialog stays open, with
 * a spinner on its button, until the request answers; the caller closes it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  destructive = true,
  confirmDisabled = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  destructive?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            loading={pending}
            loadingText={pendingLabel}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * ConfirmDialog opened by its own trigger and keeping its own state: it closes
 * when `onConfirm` resolves and stays open when it rejects (the caller has shown
 * the toast), so the person can try again or cancel.
 */
export function ConfirmOnClick({
  trigger,
  onConfirm,
  onOpenChange,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  ...dialog
}: {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  onConfirm: () => Promise<unknown>;
  onOpenChange?: (open: boolean) => void;
  confirmDisabled?: boolean;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      changeOpen(false);
    } catch {
      // The caller has said what went wrong; leave the dialog open.
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {cloneElement(trigger as ReactElement<{ onClick?: (event: MouseEvent) => void }>, { onClick: () => changeOpen(true) })}
      <ConfirmDialog
        {...dialog}
        open={open}
        onOpenChange={changeOpen}
        pending={pending}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
