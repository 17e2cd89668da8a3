import { useMutation, useQueryClient } from '@tanstack/react-query';
import { link, type CreateLinkBody, type Link } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { linksQueryKey } from './get-links';

export async function createLink(body: CreateLinkBody): Promise<Link> {
  return link.parse(await api.post<unknown>('/api/links', body));
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-link'],
    mutationFn: createLink,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: linksQueryKey(created.folderId) }),
  });
}
