import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { cancelUserImportResponse } from '@common/contracts/users-import';
import { api } from '@client/lib/api-client';

/** POST /api/users/imports/{id}/cancel: the preview is dropped; nobody is created. */
export async function cancelUserImport(id: number): Promise<z.output<typeof cancelUserImportResponse>> {
  return await api.post<z.output<typeof cancelUserImportResponse>>(`/api/users/imports/${id}/cancel`, {});
}

export function useCancelUserImport() {
  return useMutation({ mutationKey: ['POST', '/api/users/imports/cancel'], mutationFn: cancelUserImport });
}
