import { Download, FileImage, FileText } from 'lucide-react';
import type { FileEntry } from '@common/contracts/files';
import { fileTypeLabel, isPreviewableImage } from '@common/domain/file-rules';
import { formatFileSize } from '../lib/file-size';
import { formatDay } from '@common/domain/format-date';
import { Button } from '@client/components/ui/button';
import { useDeleteFile } from '../api/delete-file';
import { DeleteItemButton } from './delete-item-button';
import { FilePreviewDialog } from './file-preview-dialog';
import { FilesSection } from './section';

export function FileSection({ files, canManage }: { files: readonly FileEntry[]; canManage: boolean }) {
  return (
    <FilesSection id="files-heading" title="Files" count={files.length}>
      <ul className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface shadow-xs">
        {files.map((file) => (
          <FileRow key={file.id} file={file} canManage={canManage} />
        ))}
      </ul>
    </FilesSection>
  );
}

function FileRow({ file, canManage }: { file: FileEntry; canManage: boolean }) {
  const deleteFile = useDeleteFile();
  const Icon = isPreviewableImage(file.type) ? FileImage : FileText;
  const meta = `${fileTypeLabel(file.type)} · ${formatFileSize(file.size)} · ${formatDay(file.createdAt)}`;

  return (
    <li className="flex items-center gap-3 px-3 py-2 sm:px-4">
      <Icon className="size-6 shrink-0 text-accent" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col">
        <FilePreviewDialog
          file={file}
          trigger={
            <button
              type="button"
              className="min-h-11 cursor-pointer rounded-sm text-left font-medium break-words hover:text-accent hover:underline md:min-h-0"
              aria-label={`Preview ${file.name}`}
            >
              {file.name}
            </button>
          }
        />
        <span className="nums text-xs text-muted-foreground">{meta}</span>
      </div>
      <div className="flex shrink-0 items-center">
        <Button variant="ghost" size="icon" asChild>
          <a href={file.url} download={file.originalName} aria-label={`Download ${file.name}`}>
            <Download aria-hidden />
          </a>
        </Button>
        {canManage && <DeleteItemButton kind="file" name={file.name} onDelete={() => deleteFile.mutateAsync(file)} />}
      </div>
    </li>
  );
}
