import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolderContents } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';
import { foldersQueryKey } from './get-folders';

export async function deleteFolder(id: number): Promise<FolderContents> {
  return (await dataOf(api.DELETE('/api/folders/{id}', { params: { path: { id } } }))).deleted;
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
