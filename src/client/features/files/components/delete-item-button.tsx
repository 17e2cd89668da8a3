import { Trash2 } from 'lucide-react';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { ConfirmOnClick } from '@client/components/confirm-dialog';

/**
 * The admin's delete button on a file or link row: confirm, delete, and the
 * Toast on failure ("Failed to delete file", "Failed to delete link").
 */
export function DeleteItemButton({ kind, name, onDelete }: { kind: 'file' | 'link'; name: string; onDelete: () => Promise<unknown> }) {
  const Kind = kind === 'file' ? 'File' : 'Link';
  return (
    <ConfirmOnClick
      trigger={
        <Button variant="ghost" size="icon" className="shrink-0 text-muted-foreground hover:text-destructive" aria-label={`Delete ${kind} ${name}`}>
          <Trash2 aria-hidden />
        </Button>
      }
      title={`Delete ${kind} "${name}"?`}
      description={<p>The {kind} is removed for everyone. This cannot be undone.</p>}
      onConfirm={() =>
        onDelete().then(
          () => toast({ title: `${Kind} deleted`, description: `"${name}" was deleted.`, duration: TOAST_DURATION.short }),
          (error: unknown) => {
            toast({ title: `Failed to delete ${kind}`, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
            throw error;
          },
        )
      }
    />
  );
}
