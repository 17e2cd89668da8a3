import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Folder } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';

export const foldersQueryKey = ['/api/folders'] as const;

/** Every folder: few enough to load at once, and the breadcrumb needs the ancestors. */
export async function getFolders(): Promise<Folder[]> {
  return await dataOf(api.GET('/api/folders'));
}

export const foldersQueryOptions = () => queryOptions({ queryKey: foldersQueryKey, queryFn: getFolders });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
