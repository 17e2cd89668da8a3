import { useQuery } from '@tanstack/react-query';
import type { FolderContents } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';

export async function getFolderContents(id: number): Promise<FolderContents> {
  return dataOf(api.GET('/api/folders/{id}/contents', { params: { path: { id } } }));
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
