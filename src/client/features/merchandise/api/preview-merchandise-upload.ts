import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { merchandisePreviewResponse, MerchandisePreviewResponse } from '@common/contracts/merchandise';
import { api } from '@client/lib/api-client';
import type { UploadMerchandiseInput } from './upload-merchandise';

/** POST /api/admin/merchandise/upload/preview: what the workbook would do; nothing changes (docs/decisions/0214). */
export async function previewMerchandiseUpload({ file, onProgress }: UploadMerchandiseInput): Promise<MerchandisePreviewResponse> {
  const form = new FormData();
  form.append('file', file);
  return await api.upload<z.output<typeof merchandisePreviewResponse>>('/api/admin/merchandise/upload/preview', form, onProgress);
}

export function usePreviewMerchandiseUpload() {
  return useMutation({ mutationKey: ['POST', '/api/admin/merchandise/upload/preview'], mutationFn: previewMerchandiseUpload });
}
