import { useMutation } from '@tanstack/react-query';
import type { MerchandisePreviewResponse } from '@common/contracts/merchandise';
import { upload } from '@client/lib/api-client';
import type { UploadMerchandiseInput } from './upload-merchandise';

/** POST /api/admin/merchandise/upload/preview: what the workbook would do; nothing changes (docs/decisions/0214). */
export async function previewMerchandiseUpload({ file, onProgress }: UploadMerchandiseInput): Promise<MerchandisePreviewResponse> {
  const form = new FormData();
  form.append('file', file);
  return await upload('/api/admin/merchandise/upload/preview', form, onProgress);
}

export function usePreviewMerchandiseUpload() {
  return useMutation({ mutationKey: ['POST', '/api/admin/merchandise/upload/preview'], mutationFn: previewMerchandiseUpload });
}
