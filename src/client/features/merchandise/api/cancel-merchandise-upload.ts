import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { merchandiseCancelResponse } from '@common/contracts/merchandise';
import { api, dataOf } from '@client/lib/api-client';

/** POST /api/admin/merchandise/uploads/{id}/cancel: the preview is dropped; nothing else changes. */
export async function cancelMerchandiseUpload(id: number): Promise<z.output<typeof merchandiseCancelResponse>> {
  return await dataOf(api.POST('/api/admin/merchandise/uploads/{id}/cancel', { params: { path: { id } } }));
}

export function useCancelMerchandiseUpload() {
  return useMutation({ mutationKey: ['POST', '/api/admin/merchandise/uploads/cancel'], mutationFn: cancelMerchandiseUpload });
}
