import { useState, type ReactElement, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@client/components/ui/dialog';

/**
 * A dialog that owns its trigger button and its open state, holding one form
 * (New Folder, Upload File, Add Link); unlike the controlled FormDialog of
 * src/client/components, the caller only passes the trigger. The form is
 * rendered only while open, so it starts fresh each time; it calls `close`
 * when it is done.
 */
export function TriggeredFormDialog({
  title,
  description,
  trigger,
  className,
  children,
}: {
  title: string;
  description: string;
  trigger: ReactElement;
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}
