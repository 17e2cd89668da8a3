import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folder, type CreateFolderBody, type Folder } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { foldersQueryKey } from './get-folders';

export async function createFolder(body: CreateFolderBody): Promise<Folder> {
  return folder.parse(await api.post<unknown>('/api/folders', body));
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-folder'],
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
