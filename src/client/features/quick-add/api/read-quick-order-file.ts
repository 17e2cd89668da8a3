import { useMutation } from '@tanstack/react-query';
import type { QuickOrderFileResponse } from '@common/contracts/carts';
import { upload } from '@client/lib/api-client';

/** POST /api/quick-order/file: a CSV or .xlsx read into the pad's "SKU quantity" lines; writes nothing. */
export async function readQuickOrderFile(file: File): Promise<QuickOrderFileResponse> {
  const form = new FormData();
  form.append('file', file);
  // Multipart, so through `upload` (typed by the document's answer), like every other file the client sends.
  return await upload('/api/quick-order/file', form);
}

export function useReadQuickOrderFile() {
  return useMutation({ mutationKey: ['POST', '/api/quick-order/file'], mutationFn: readQuickOrderFile });
}
