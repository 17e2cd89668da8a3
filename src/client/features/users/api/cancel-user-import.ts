import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { cancelUserImportResponse } from '@common/contracts/users-import';
import { api, dataOf } from '@client/lib/api-client';

/** POST /api/users/imports/{id}/cancel: the preview is dropped; nobody is created. */
export async function cancelUserImport(id: number): Promise<z.output<typeof cancelUserImportResponse>> {
  return await dataOf(api.POST('/api/users/imports/{id}/cancel', { params: { path: { id } } }));
}

export function useCancelUserImport() {
  return useMutation({ mutationKey: ['POST', '/api/users/imports/cancel'], mutationFn: cancelUserImport });
}
