import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  stockReplacePreviewResponse,
  StockReplacePreviewResponse,
  stockUploadResponse,
  StockUploadResponse,
} from '@common/contracts/stock';
import { api } from '@client/lib/api-client';
import { productsQueryKey } from '@client/api/get-products';
import { systemSettingsQueryKey } from '@client/api/get-system-settings';

export interface UploadStockInput {
  file: File;
  onProgress?: (fraction: number) => void;
  /** "Remove products that are not in the file": mode=replace with the confirmed preview's token (docs/decisions/0130). */
  removalToken?: string;
}

function csvForm(file: File): FormData {
  const form = new FormData();
  // Spec §5: CSV only, sent as form data field "file".
  form.append('file', file);
  return form;
}

export async function uploadStock({ file, onProgress, removalToken }: UploadStockInput): Promise<StockUploadResponse> {
  const query = removalToken === undefined ? '' : `?${new URLSearchParams({ mode: 'replace', removalToken })}`;
  return await api.upload<z.output<typeof stockUploadResponse>>(`/api/stock/upload${query}`, csvForm(file), onProgress);
}

/** POST /api/stock/upload/preview: what the replace would remove; changes nothing. */
export async function previewStockReplace(file: File): Promise<StockReplacePreviewResponse> {
  return await api.upload<z.output<typeof stockReplacePreviewResponse>>('/api/stock/upload/preview', csvForm(file));
}

export function usePreviewStockReplace() {
  return useMutation({ mutationKey: ['POST', '/api/stock/upload/preview'], mutationFn: previewStockReplace });
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
