import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileEntry } from '@common/contracts/files';
import { upload, type UploadProgressHandler } from '@client/lib/api-client';
import { filesQueryKey } from './get-files';

export interface UploadFileInput {
  file: File;
  /** Shown instead of the file name; optional. */
  name?: string;
  folderId: number | null;
  onProgress?: UploadProgressHandler;
  signal?: AbortSignal;
}

/** POST /api/files, multipart: the text fields first so the server knows them before the bytes. */
export async function uploadFile({ file, name, folderId, onProgress, signal }: UploadFileInput): Promise<FileEntry> {
  const form = new FormData();
  if (name) form.append('name', name);
  if (folderId !== null) form.append('folderId', String(folderId));
  form.append('file', file, file.name);
  return await upload('/api/files', form, onProgress, { signal });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['upload-file'],
    mutationFn: uploadFile,
    onSuccess: (uploaded) => queryClient.invalidateQueries({ queryKey: filesQueryKey(uploaded.folderId) }),
  });
}
