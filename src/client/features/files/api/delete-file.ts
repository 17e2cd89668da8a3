import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileEntry } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';
import { filesQueryKey } from './get-files';

export async function deleteFile(file: FileEntry): Promise<void> {
  await dataOf(api.DELETE('/api/files/{id}', { params: { path: { id: file.id } } }));
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-file'],
    mutationFn: deleteFile,
    onSuccess: (_, file) => queryClient.invalidateQueries({ queryKey: filesQueryKey(file.folderId) }),
  });
}
