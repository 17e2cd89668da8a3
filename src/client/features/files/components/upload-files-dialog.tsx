import { CircleCheck, CircleAlert, FileUp, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { expectedUploadType, FILE_MESSAGES, UPLOAD_ACCEPT } from '@common/domain/file-rules';
import { formatFileSize } from '../lib/file-size';
import { errorMessage } from '@client/lib/api-client';
import { cn } from '@client/lib/utils';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Progress } from '@client/components/ui/progress';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { useUploadFile } from '../api/upload-file';
import { TriggeredFormDialog } from './triggered-form-dialog';

type QueueState = 'ready' | 'invalid' | 'uploading' | 'done' | 'failed';

interface QueuedFile {
  key: string;
  file: File;
  state: QueueState;
  progress: number;
  message?: string;
}

let queueCounter = 0;

/** Checks what the browser can see before sending (the server checks the content again). */
function queue(file: File): QueuedFile {
  queueCounter += 1;
  const key = `${queueCounter}-${file.name}`;
  if (!expectedUploadType(file.name)) return { key, file, state: 'invalid', progress: 0, message: FILE_MESSAGES.wrongType };
  if (file.size === 0) return { key, file, state: 'invalid', progress: 0, message: FILE_MESSAGES.empty };
  return { key, file, state: 'ready', progress: 0 };
}

/**
 * Upload File (pdf, jpg, jpeg, png; name optional): drop or choose
 * several files, each sent on its own with a progress bar, one after another.
 */
export function UploadFilesDialog({ folderId, folderName, trigger }: { folderId: number | null; folderName: string; trigger: ReactElement }) {
  return (
    <TriggeredFormDialog title="Upload File" description={`Add PDF, JPG or PNG files to ${folderName}.`} trigger={trigger} className="max-w-lg">
      {/* Closing mid-upload unmounts the form, which cancels the upload. */}
      {(close) => <UploadForm folderId={folderId} onFinished={close} />}
    </TriggeredFormDialog>
  );
}

function UploadForm({ folderId, onFinished }: { folderId: number | null; onFinished: () => void }) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const upload = useUploadFile();

  useEffect(() => () => abortRef.current?.abort(), []);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setItems((current) => [...current.filter((i) => i.state !== 'done'), ...Array.from(files, queue)]);
  };
  const update = (key: string, patch: Partial<QueuedFile>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const pending = items.filter((i) => i.state === 'ready' || i.state === 'failed');
  const single = items.length === 1 ? items[0] : undefined;

  const start = async () => {
    setBusy(true);
    const controller = new AbortController();
    abortRef.current = controller;
    let uploaded = 0;
    let firstError: string | undefined;
    for (const item of pending) {
      update(item.key, { state: 'uploading', progress: 0, message: undefined });
      try {
        await upload.mutateAsync({
          file: item.file,
          name: single ? name.trim() || undefined : undefined,
          folderId,
          signal: controller.signal,
          onProgress: (fraction) => update(item.key, { progress: Math.round(fraction * 100) }),
        });
        uploaded += 1;
        update(item.key, { state: 'done', progress: 100 });
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, 'Please try again.');
        firstError ??= message;
        update(item.key, { state: 'failed', message });
      }
    }
    setBusy(false);
    if (firstError) {
      toast({ title: 'Failed to upload file', description: firstError, variant: 'destructive' });
      return;
    }
    toast({
      title: uploaded === 1 ? 'File uploaded' : `${uploaded} files uploaded`,
      description: uploaded === 1 && single ? `"${name.trim() || single.file.name}" was uploaded.` : undefined,
      duration: TOAST_DURATION.short,
    });
    onFinished();
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending.length > 0 && !busy) void start();
      }}
    >
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!busy) add(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-card border-2 border-dashed border-input px-4 py-6 text-center transition-colors',
          dragging && 'border-accent bg-accent-soft/60',
        )}
      >
        <FileUp className="size-8 text-accent" aria-hidden />
        {/* Phones have nothing to drag from. */}
        <p className="hidden text-sm sm:block">Drag and drop files here, or</p>
        <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy}>
          Choose Files
        </Button>
        <p className="text-xs text-muted-foreground">PDF, JPG or PNG. Several at once is fine.</p>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to upload"
          onChange={(event) => {
            add(event.target.files);
            // The same file chosen again after a failure still fires change.
            event.target.value = '';
          }}
        />
      </div>

      {items.length > 0 && (
        <ul className="grid gap-2" aria-label="Chosen files">
          {items.map((item) => (
            <QueueRow key={item.key} item={item} busy={busy} onRemove={() => setItems((current) => current.filter((i) => i.key !== item.key))} />
          ))}
        </ul>
      )}

      {single && single.state !== 'invalid' && (
        <FormField label="Name (optional)" hint="Shown in the list instead of the file name.">
          {(control) => (
            <Input {...control} value={name} onChange={(e) => setName(e.target.value)} placeholder={single.file.name} maxLength={200} disabled={busy} autoComplete="off" />
          )}
        </FormField>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending.length === 0} loading={busy} loadingText="Uploading...">
          {pending.length > 1 ? `Upload ${pending.length} Files` : 'Upload'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function QueueRow({ item, busy, onRemove }: { item: QueuedFile; busy: boolean; onRemove: () => void }) {
  return (
    <li className="grid gap-1.5 rounded-md border border-border px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="nums shrink-0 text-xs text-muted-foreground">{formatFileSize(item.file.size)}</span>
        {item.state === 'done' && (
          <span className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-success">
            <CircleCheck className="size-4" aria-hidden /> Uploaded
          </span>
        )}
        {!busy && item.state !== 'done' && (
          <Button variant="ghost" size="icon" className="-my-1.5" onClick={onRemove} aria-label={`Remove ${item.file.name}`}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {item.state === 'uploading' && <Progress value={item.progress} label={`Uploading ${item.file.name}`} />}
      {(item.state === 'failed' || item.state === 'invalid') && item.message && (
        <p className="flex items-start gap-1.5 text-xs font-medium text-destructive">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          {item.message}
        </p>
      )}
    </li>
  );
}
