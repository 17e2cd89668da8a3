import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Folder, folderList } from '@common/contracts/files';
import { api } from '@client/lib/api-client';

export const foldersQueryKey = ['/api/folders'] as const;

/** Every folder: few enough to load at once, and the breadcrumb needs the ancestors. */
export async function getFolders(): Promise<Folder[]> {
  return await api.get<z.output<typeof folderList>>('/api/folders');
}

export const foldersQueryOptions = () => queryOptions({ queryKey: foldersQueryKey, queryFn: getFolders });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
