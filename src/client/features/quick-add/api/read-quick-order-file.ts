import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { quickOrderFileResponse, QuickOrderFileResponse } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';

/** POST /api/quick-order/file: a CSV or .xlsx read into the pad's "SKU quantity" lines; writes nothing. */
export async function readQuickOrderFile(file: File): Promise<QuickOrderFileResponse> {
  const form = new FormData();
  form.append('file', file);
  return await api.post<z.output<typeof quickOrderFileResponse>>('/api/quick-order/file', form);
}

export function useReadQuickOrderFile() {
  return useMutation({ mutationKey: ['POST', '/api/quick-order/file'], mutationFn: readQuickOrderFile });
}
