import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { stockUploadHistoryResponse, StockUploadHistoryResponse } from '@common/contracts/stock-uploads';
import { api } from '@client/lib/api-client';

export const stockUploadsQueryKey = ['/api/stock/uploads'] as const;

export async function getStockUploads(signal?: AbortSignal): Promise<StockUploadHistoryResponse> {
  return await api.get<z.output<typeof stockUploadHistoryResponse>>('/api/stock/uploads', { signal });
}

export const stockUploadsQueryOptions = () => queryOptions({ queryKey: stockUploadsQueryKey, queryFn: ({ signal }) => getStockUploads(signal) });

/** GET /api/stock/uploads: the upload history (ADR 0191), loaded when the admin opens it. */
export function useStockUploads(enabled: boolean) {
  return useQuery({ ...stockUploadsQueryOptions(), enabled, staleTime: 0 });
}
