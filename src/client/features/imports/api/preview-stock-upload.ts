import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { upload } from '@client/lib/api-client';
import { stockUploadsQueryKey } from './get-stock-uploads';

export interface PreviewStockUploadInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /api/stock/upload/preview (ADR 0191): what the file would do; changes nothing, keeps the file to confirm or cancel. */
export async function previewStockUpload({ file, onProgress }: PreviewStockUploadInput): Promise<StockUploadPreviewResponse> {
  const form = new FormData();
  // CSV only, sent as form data field "file".
  form.append('file', file);
  return await upload('/api/stock/upload/preview', form, onProgress);
}

export function usePreviewStockUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/upload/preview'],
    mutationFn: previewStockUpload,
    // A refused file is in the history too, as rejected (docs/decisions/0211).
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockUploadsQueryKey }),
  });
}
