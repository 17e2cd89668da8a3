import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createLinkBody, Link } from '@common/contracts/files';
import { api, dataOf } from '@client/lib/api-client';
import { linksQueryKey } from './get-links';

/** The body as the route reads it: the folder is a folder id or none (the contract's input also takes id text). */
export async function createLink(body: z.output<typeof createLinkBody>): Promise<Link> {
  return await dataOf(api.POST('/api/links', { body }));
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-link'],
    mutationFn: createLink,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: linksQueryKey(created.folderId) }),
  });
}
