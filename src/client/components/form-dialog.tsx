import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

/**
 * A dialog holding one form. The body mounts only while open, so every opening starts
 * with a fresh form and a fresh request state.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the submit button, with a spinner and the pending wording while the request runs. */
export function FormDialogFooter({
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  className,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <DialogFooter className={cn('pt-2', className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={disabled} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
