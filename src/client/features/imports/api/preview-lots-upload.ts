import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotsFilePreview } from '@common/contracts/lots-uploads';
import { upload } from '@client/lib/api-client';
import { stockUploadsQueryKey } from './get-stock-uploads';

export type LotsFileKind = LotsFilePreview['kind'];

export interface PreviewLotsUploadInput {
  kind: LotsFileKind;
  file: File;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/stock/{lots,incoming}/upload/preview (ADR 0196): what a lots or incoming file (CSV or
 * xlsx) would add, change and remove; changes nothing, keeps the file to confirm or cancel.
 */
export async function previewLotsUpload({ kind, file, onProgress }: PreviewLotsUploadInput): Promise<LotsFilePreview> {
  const form = new FormData();
  form.append('file', file);
  return await upload(kind === 'lots' ? '/api/stock/lots/upload/preview' : '/api/stock/incoming/upload/preview', form, onProgress);
}

export function usePreviewLotsUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/lots-or-incoming/upload/preview'],
    mutationFn: previewLotsUpload,
    // A refused file is in the history too, as rejected (docs/decisions/0211).
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockUploadsQueryKey }),
  });
}
