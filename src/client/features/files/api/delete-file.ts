import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileEntry } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { filesQueryKey } from './get-files';

export async function deleteFile(file: FileEntry): Promise<void> {
  await api.delete(`/api/files/${file.id}`);
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-file'],
    mutationFn: deleteFile,
    onSuccess: (_, file) => queryClient.invalidateQueries({ queryKey: filesQueryKey(file.folderId) }),
  });
}
