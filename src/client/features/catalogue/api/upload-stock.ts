import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stockUploadResponse, type StockUploadResponse } from '@common/contracts/stock';
import { api } from '@client/lib/api-client';
import { productsQueryKey } from '@client/api/get-products';
import { systemSettingsQueryKey } from '@client/api/get-system-settings';

export interface UploadStockInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

export async function uploadStock({ file, onProgress }: UploadStockInput): Promise<StockUploadResponse> {
  const form = new FormData();
  // Spec §5: CSV only, sent as form data field "file".
  form.append('file', file);
  return stockUploadResponse.parse(await api.upload<unknown>('/api/stock/upload', form, onProgress));
}

/** Spec §7: on success products are refreshed (and the Last Updated line with them). */
export function useUploadStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/upload'],
    mutationFn: uploadStock,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey }),
      ]);
    },
  });
}
