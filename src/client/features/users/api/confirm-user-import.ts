import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { confirmUserImportResponse } from '@common/contracts/users-import';
import { api, dataOf } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

type ConfirmUserImportResponse = z.output<typeof confirmUserImportResponse>;

/** POST /api/users/imports/{id}/confirm: creates the previewed accounts, exactly as previewed, once (docs/decisions/0225). */
export async function confirmUserImport(id: number): Promise<ConfirmUserImportResponse> {
  return await dataOf(api.POST('/api/users/imports/{id}/confirm', { params: { path: { id } } }));
}

export function useConfirmUserImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/users/imports/confirm'],
    mutationFn: confirmUserImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
