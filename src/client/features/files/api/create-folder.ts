import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createFolderBody, Folder } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';
import { foldersQueryKey } from './get-folders';

/** The body as the route reads it: the parent is a folder id or none (the contract's input also takes id text). */
export async function createFolder(body: z.output<typeof createFolderBody>): Promise<Folder> {
  return await dataOf(api.POST('/api/folders', { body }));
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-folder'],
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
