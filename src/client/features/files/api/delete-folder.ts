import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { deleteFolderResponse, FolderContents } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { foldersQueryKey } from './get-folders';

export async function deleteFolder(id: number): Promise<FolderContents> {
  return (await api.delete<z.output<typeof deleteFolderResponse>>(`/api/folders/${id}`)).deleted;
}

/** Subfolders, files and links went too, so every listing is refreshed. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-folder'],
    mutationFn: deleteFolder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/files'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/links'] }),
      ]),
  });
}
