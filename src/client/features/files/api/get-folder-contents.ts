import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { folderContents, FolderContents } from '@common/contracts/files';
import { api } from '@client/lib/api-client';

export async function getFolderContents(id: number): Promise<FolderContents> {
  return api.get<z.output<typeof folderContents>>(`/api/folders/${id}/contents`);
}

/**
 * What deleting the folder would take with it. Counted afresh each time the
 * confirmation opens: someone may have added files since.
 */
export function useFolderContents(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [`/api/folders/${id}/contents`],
    queryFn: () => getFolderContents(id),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
