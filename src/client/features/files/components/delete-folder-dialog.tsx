import { useState, type ReactElement } from 'react';
import type { Folder } from '@common/contracts/files';
import { errorMessage } from '@client/lib/api-client';
import { Spinner } from '@client/components/ui/spinner';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { useDeleteFolder } from '../api/delete-folder';
import { useFolderContents } from '../api/get-folder-contents';
import { describeContents } from '../lib/describe-contents';
import { ConfirmOnClick } from '@client/components/confirm-dialog';

/**
 * docs/product-decisions.md: deleting a folder deletes what is inside it "after a confirmation
 * that says how much". The counts are fetched when the dialog opens; Delete waits for them.
 */
export function DeleteFolderDialog({ folder, trigger, onDeleted }: { folder: Folder; trigger: ReactElement; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const contents = useFolderContents(folder.id, open);
  const deleteFolder = useDeleteFolder();

  const inside = contents.data ? describeContents(contents.data) : null;
  let description;
  if (contents.isPending) {
    description = (
      <p className="flex items-center gap-2">
        <Spinner /> Counting what is inside…
      </p>
    );
  } else if (contents.isError) {
    description = <p className="text-destructive">{errorMessage(contents.error, 'Could not count what is inside this folder.')}</p>;
  } else {
    description = (
      <p>
        {inside ? (
          <>
            This also deletes <strong className="font-semibold text-foreground">{inside}</strong> inside it.
          </>
        ) : (
          'The folder is empty.'
        )}{' '}
        This cannot be undone.
      </p>
    );
  }

  return (
    <ConfirmOnClick
      trigger={trigger}
      title={`Delete folder "${folder.name}"?`}
      description={description}
      onOpenChange={setOpen}
      confirmDisabled={!contents.isSuccess}
      onConfirm={() =>
        deleteFolder.mutateAsync(folder.id).then(
          () => {
            toast({ title: 'Folder deleted', description: `"${folder.name}" was deleted.`, duration: TOAST_DURATION.short });
            onDeleted?.();
          },
          (error: unknown) => {
            toast({ title: 'Failed to delete folder', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
            throw error;
          },
        )
      }
    />
  );
}
