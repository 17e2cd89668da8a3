import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Link, linkList } from '@common/contracts/files';
import { api } from '@client/lib/api-client';

/** ['/api/links', folderId]: null is the root; invalidating ['/api/links'] refreshes every folder. */
export const linksQueryKey = (folderId: number | null) => ['/api/links', folderId] as const;

export async function getLinks(folderId: number | null): Promise<Link[]> {
  const query = folderId === null ? '' : `?folderId=${folderId}`;
  return await api.get<z.output<typeof linkList>>(`/api/links${query}`);
}

export const linksQueryOptions = (folderId: number | null) =>
  queryOptions({ queryKey: linksQueryKey(folderId), queryFn: () => getLinks(folderId) });

export function useLinks(folderId: number | null) {
  return useQuery(linksQueryOptions(folderId));
}
