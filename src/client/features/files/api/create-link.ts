import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLinkBody, link, Link } from '@common/contracts/files';
import { api } from '@client/lib/api-client';
import { linksQueryKey } from './get-links';

export async function createLink(body: CreateLinkBody): Promise<Link> {
  return await api.post<z.output<typeof link>>('/api/links', body);
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-link'],
    mutationFn: createLink,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: linksQueryKey(created.folderId) }),
  });
}
