import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportResult, type UserImportResult } from '@common/contracts/users';
import { api } from '@client/lib/api-client';
import { usersQueryKey } from './get-users';

export const USER_IMPORT_TEMPLATE_URL = '/api/users/import-template.csv';

/** Bulk import (spec §5): multipart field "file", a CSV or a workbook with a users sheet. */
export async function importUsers(file: File): Promise<UserImportResult> {
  const form = new FormData();
  form.append('file', file);
  return userImportResult.parse(await api.post<unknown>('/api/users/import', form));
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['import-users'],
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
