import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockUploadHistoryResponse } from '@common/contracts/stock-uploads';
import type { StockUploadKind } from '@common/domain/stock-uploads';
import { api, contractDataOf } from '@client/lib/api-client';

export const stockUploadsQueryKey = ['/api/stock/uploads'] as const;

/** GET /api/stock/uploads[?kind=]: the stock, lots and incoming uploads, or one kind (ADR 0196). */
export async function getStockUploads(kind: StockUploadKind | undefined, signal?: AbortSignal): Promise<StockUploadHistoryResponse> {
  return await contractDataOf<StockUploadHistoryResponse>(api.GET('/api/stock/uploads', { params: { query: kind ? { kind } : {} }, signal }));
}

export const stockUploadsQueryOptions = (kind?: StockUploadKind) =>
  queryOptions({ queryKey: [...stockUploadsQueryKey, kind ?? 'all'], queryFn: ({ signal }) => getStockUploads(kind, signal) });

/** The upload history (ADR 0191), loaded when the admin opens it. */
export function useStockUploads(enabled: boolean, kind?: StockUploadKind) {
  return useQuery({ ...stockUploadsQueryOptions(kind), enabled, staleTime: 0 });
}
