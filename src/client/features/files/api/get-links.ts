import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Link } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';

/** ['/api/links', folderId]: null is the root; invalidating ['/api/links'] refreshes every folder. */
export const linksQueryKey = (folderId: number | null) => ['/api/links', folderId] as const;

export async function getLinks(folderId: number | null): Promise<Link[]> {
  return await dataOf(api.GET('/api/links', { params: { query: folderId === null ? {} : { folderId } } }));
}

export const linksQueryOptions = (folderId: number | null) =>
  queryOptions({ queryKey: linksQueryKey(folderId), queryFn: () => getLinks(folderId) });

export function useLinks(folderId: number | null) {
  return useQuery(linksQueryOptions(folderId));
}
