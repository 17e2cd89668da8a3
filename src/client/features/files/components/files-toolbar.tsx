import { FolderPlus, Link2, Trash2, Upload } from 'lucide-react';
import type { Folder } from '@common/contracts/files';
import { Button } from '@client/components/ui/button';
import { AddLinkDialog } from './add-link-dialog';
import { DeleteFolderDialog } from './delete-folder-dialog';
import { NewFolderDialog } from './new-folder-dialog';
import { UploadFilesDialog } from './upload-files-dialog';

/** Only admins create and delete; this toolbar is theirs alone. */
export function FilesToolbar({ current, onCurrentDeleted }: { current: Folder | null; onCurrentDeleted: () => void }) {
  const folderId = current?.id ?? null;
  const folderName = current ? `"${current.name}"` : 'All Files';
  return (
    <div role="toolbar" aria-label="Manage files" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
      <NewFolderDialog
        parentId={folderId}
        parentName={folderName}
        trigger={
          <Button variant="outline">
            <FolderPlus aria-hidden />
            New Folder
          </Button>
        }
      />
      <UploadFilesDialog
        folderId={folderId}
        folderName={folderName}
        trigger={
          <Button>
            <Upload aria-hidden />
            Upload File
          </Button>
        }
      />
      <AddLinkDialog
        folderId={folderId}
        folderName={folderName}
        trigger={
          <Button variant="outline">
            <Link2 aria-hidden />
            Add Link
          </Button>
        }
      />
      {current && (
        <DeleteFolderDialog
          folder={current}
          onDeleted={onCurrentDeleted}
          trigger={
            <Button variant="outline" className="text-destructive hover:bg-destructive-soft">
              <Trash2 aria-hidden />
              Delete Folder
            </Button>
          }
        />
      )}
    </div>
  );
}
