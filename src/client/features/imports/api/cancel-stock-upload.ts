import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockUploadHistoryEntry } from '@common/contracts/stock-uploads';
import { api, contractDataOf } from '@client/lib/api-client';
import { stockUploadsQueryKey } from './get-stock-uploads';

/** POST /api/stock/uploads/{id}/cancel: the preview is dropped; nothing else changes (ADR 0191). */
export async function cancelStockUpload(id: number): Promise<StockUploadHistoryEntry> {
  return await contractDataOf<StockUploadHistoryEntry>(api.POST('/api/stock/uploads/{id}/cancel', { params: { path: { id } } }));
}

export function useCancelStockUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/uploads/cancel'],
    mutationFn: cancelStockUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockUploadsQueryKey }),
  });
}
