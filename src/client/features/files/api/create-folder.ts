import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderBody, folder, Folder } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { foldersQueryKey } from './get-folders';

export async function createFolder(body: CreateFolderBody): Promise<Folder> {
  return await api.post<z.output<typeof folder>>('/api/folders', body);
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-folder'],
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
