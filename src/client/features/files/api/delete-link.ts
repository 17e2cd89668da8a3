import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Link } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';
import { linksQueryKey } from './get-links';

export async function deleteLink(link: Link): Promise<void> {
  await dataOf(api.DELETE('/api/links/{id}', { params: { path: { id: link.id } } }));
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-link'],
    mutationFn: deleteLink,
    onSuccess: (_, link) => queryClient.invalidateQueries({ queryKey: linksQueryKey(link.folderId) }),
  });
}
