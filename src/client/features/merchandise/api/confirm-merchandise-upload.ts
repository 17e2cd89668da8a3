import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchandiseUploadResponse } from '@common/contracts/merchandise';
import { api, contractDataOf } from '@client/lib/api-client';
import { invalidateMerchandise } from './manage-merchandise';

/** POST /api/admin/merchandise/uploads/{id}/confirm: applies the previewed workbook exactly (409 when the merchandise changed since). */
export async function confirmMerchandiseUpload(id: number): Promise<MerchandiseUploadResponse> {
  return await contractDataOf<MerchandiseUploadResponse>(api.POST('/api/admin/merchandise/uploads/{id}/confirm', { params: { path: { id } } }));
}

export function useConfirmMerchandiseUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/admin/merchandise/uploads/confirm'],
    mutationFn: confirmMerchandiseUpload,
    // Every list may have changed.
    onSettled: () => invalidateMerchandise(queryClient),
  });
}
