import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { merchandiseUploadResponse, MerchandiseUploadResponse } from '@common/contracts/merchandise';
import { api } from '@client/lib/api-client';
import { invalidateMerchandise } from './manage-merchandise';

export const MERCHANDISE_TEMPLATE_URL = '/api/admin/merchandise/template.xlsx';

export interface UploadMerchandiseInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /api/admin/merchandise/upload (multipart field "file"). */
export async function uploadMerchandise({ file, onProgress }: UploadMerchandiseInput): Promise<MerchandiseUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return await api.upload<z.output<typeof merchandiseUploadResponse>>('/api/admin/merchandise/upload', form, onProgress);
}

export function useUploadMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/admin/merchandise/upload'],
    mutationFn: uploadMerchandise,
    // Every list may have changed.
    onSuccess: () => invalidateMerchandise(queryClient),
  });
}
