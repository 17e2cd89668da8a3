import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileEntry, fileList } from '@common/contracts/files';
import { api } from '@client/lib/api-client';

/** ['/api/files', folderId]: null is the root; invalidating ['/api/files'] refreshes every folder. */
export const filesQueryKey = (folderId: number | null) => ['/api/files', folderId] as const;

export async function getFiles(folderId: number | null): Promise<FileEntry[]> {
  const query = folderId === null ? '' : `?folderId=${folderId}`;
  return await api.get<z.output<typeof fileList>>(`/api/files${query}`);
}

export const filesQueryOptions = (folderId: number | null) =>
  queryOptions({ queryKey: filesQueryKey(folderId), queryFn: () => getFiles(folderId) });

export function useFiles(folderId: number | null) {
  return useQuery(filesQueryOptions(folderId));
}
