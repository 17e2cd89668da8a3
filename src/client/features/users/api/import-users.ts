import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportEvent, type UserImportResult } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export const USER_IMPORT_TEMPLATE_URL = '/api/users/import-template.csv';

export interface ImportProgress {
  done: number;
  total: number;
}

/** The import stopped after the file passed its checks (the server created nobody). */
export class ImportWriteError extends Error {}

/**
 * Bulk import: multipart field "file", a CSV or a workbook with a users sheet.
 * Problems in the file come back as a 400 with every row (ApiError); once the file is
 * accepted the server streams progress lines and then the result (ADR 0132).
 */
export async function importUsers(file: File, onProgress: (progress: ImportProgress) => void): Promise<UserImportResult> {
  const form = new FormData();
  form.append('file', file);
  let result: UserImportResult | undefined;
  let failure: string | undefined;
  await api.postLines('/api/users/import', form, (line) => {
    const event = userImportEvent.parse(line);
    if (event.type === 'progress') onProgress({ done: event.done, total: event.total });
    else if (event.type === 'result') result = event.result;
    else failure = event.message;
  });
  if (failure !== undefined) throw new ImportWriteError(failure);
  if (!result) throw new ImportWriteError('The import ended without an answer. Please check the users list before trying again.');
  return result;
}

export function useImportUsers(onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['import-users'],
    mutationFn: (file: File) => importUsers(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
