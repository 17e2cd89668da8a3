import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotsApplyResponse } from '@common/contracts/lots';
import { api, dataOf } from '@client/lib/api-client';
import { productsQueryKey } from '@client/api/get-products';
import { systemSettingsQueryKey } from '@client/api/get-system-settings';
import { stockUploadsQueryKey } from './get-stock-uploads';
import type { LotsFileKind } from './preview-lots-upload';

/** POST /api/stock/{lots,incoming}/uploads/{id}/confirm: applies the previewed file exactly (ADR 0196). */
export async function confirmLotsUpload({ kind, id }: { kind: LotsFileKind; id: number }): Promise<LotsApplyResponse> {
  return await dataOf(api.POST(`/api/stock/${kind}/uploads/{id}/confirm`, { params: { path: { id } } }));
}

/** Stock levels and quantities on order follow the lots, so the catalogue and every SKU's availability are read again. */
export function useConfirmLotsUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/stock/lots-or-incoming/uploads/confirm'],
    mutationFn: confirmLotsUpload,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ predicate: (query) => /^\/api\/products\/\d+\/availability$/.test(String(query.queryKey[0])) }),
        queryClient.invalidateQueries({ queryKey: stockUploadsQueryKey }),
        // The dashboard's "Last Updated" moves with lots and incoming too (docs/decisions/0212).
        queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey }),
      ]),
  });
}
