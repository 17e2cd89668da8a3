import { Download, ExternalLink } from 'lucide-react';
import type { ReactElement } from 'react';
import type { FileEntry } from '@common/contracts/files';
import { fileTypeLabel, isPreviewableImage } from '@common/domain/file-rules';
import { formatFileSize } from '../lib/file-size';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@client/components/ui/dialog';

/** The inline URL: the server sends the same bytes with Content-Disposition: inline. */
export function inlineUrl(file: FileEntry): string {
  return `${file.url}?inline=1`;
}

/** PDF and image preview in a dialog, with Download and Open in new tab beside it. */
export function FilePreviewDialog({ file, trigger }: { file: FileEntry; trigger: ReactElement }) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle className="break-words">{file.name}</DialogTitle>
          <DialogDescription className="nums">
            {fileTypeLabel(file.type)} · {formatFileSize(file.size)}
            {file.originalName !== file.name && <> · {file.originalName}</>}
          </DialogDescription>
        </DialogHeader>
        <div className="overflow-hidden rounded-md border border-border bg-muted">
          {isPreviewableImage(file.type) ? (
            <img src={inlineUrl(file)} alt={file.name} className="mx-auto max-h-[65dvh] w-auto max-w-full object-contain" />
          ) : (
            <iframe src={inlineUrl(file)} title={`Preview of ${file.name}`} className="block h-[65dvh] w-full bg-surface" />
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" asChild>
            <a href={inlineUrl(file)} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Open in new tab
            </a>
          </Button>
          <Button asChild>
            <a href={file.url} download={file.originalName}>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
