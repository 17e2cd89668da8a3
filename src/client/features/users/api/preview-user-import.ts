import { useMutation } from '@tanstack/react-query';
import { userImportPreviewEvent, type UserImportPreview } from '@common/contracts/users-import';
import { api } from '@client/lib/api-client';

export const USER_IMPORT_TEMPLATE_URL = '/api/users/import-template.csv';

export interface ImportProgress {
  done: number;
  total: number;
}

/** The preview stopped after the file passed its checks (nothing was kept). */
export class PreviewStoppedError extends Error {}

/**
 * POST /api/users/import/preview (docs/decisions/0225): multipart field "file", a CSV or a workbook
 * with a users sheet. Problems in the file come back as a 400 with every row (ApiError); once the
 * file is accepted the server streams progress while it hashes the passwords, then the preview.
 * Nobody is created until Confirm.
 */
export async function previewUserImport(file: File, onProgress: (progress: ImportProgress) => void): Promise<UserImportPreview> {
  const form = new FormData();
  form.append('file', file);
  let preview: UserImportPreview | undefined;
  let failure: string | undefined;
  await api.postLines('/api/users/import/preview', form, (line) => {
    const event = userImportPreviewEvent.parse(line);
    if (event.type === 'progress') onProgress({ done: event.done, total: event.total });
    else if (event.type === 'preview') preview = event.preview;
    else failure = event.message;
  });
  if (failure !== undefined) throw new PreviewStoppedError(failure);
  if (!preview) throw new PreviewStoppedError('The check ended without an answer. Please try again.');
  return preview;
}

export function usePreviewUserImport(onProgress: (progress: ImportProgress) => void) {
  return useMutation({
    mutationKey: ['POST', '/api/users/import/preview'],
    mutationFn: (file: File) => previewUserImport(file, onProgress),
  });
}
