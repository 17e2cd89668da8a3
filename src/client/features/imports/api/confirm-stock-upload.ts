import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockUploadMode, StockUploadResponse } from '@common/contracts/stock';
import { api, dataOf } from '@client/lib/api-client';
import { productsQueryKey } from '@client/api/get-products';
import { systemSettingsQueryKey } from '@client/api/get-system-settings';
import { stockUploadsQueryKey } from './get-stock-uploads';

/** POST /api/stock/uploads/{id}/confirm: applies the previewed file (ADR 0191). */
export async function confirmStockUpload({ id, mode }: { id: number; mode: StockUploadMode }): Promise<StockUploadResponse> {
  return await dataOf(api.POST('/api/stock/uploads/{id}/confirm', { params: { path: { id } }, body: { mode } }));
}

/** On success products are refreshed (and the Last Updated line with them). */
export function useConfirmStockUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/uploads/confirm'],
    mutationFn: confirmStockUpload,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: stockUploadsQueryKey }),
      ]),
  });
}
