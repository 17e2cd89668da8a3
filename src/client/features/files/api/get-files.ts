import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileEntry } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';

/** ['/api/files', folderId]: null is the root; invalidating ['/api/files'] refreshes every folder. */
export const filesQueryKey = (folderId: number | null) => ['/api/files', folderId] as const;

export async function getFiles(folderId: number | null): Promise<FileEntry[]> {
  return await dataOf(api.GET('/api/files', { params: { query: folderId === null ? {} : { folderId } } }));
}

export const filesQueryOptions = (folderId: number | null) =>
  queryOptions({ queryKey: filesQueryKey(folderId), queryFn: () => getFiles(folderId) });

export function useFiles(folderId: number | null) {
  return useQuery(filesQueryOptions(folderId));
}
