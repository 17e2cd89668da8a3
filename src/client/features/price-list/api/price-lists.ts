import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentBody,
  PriceListBody,
  PriceListDetail,
  PriceListEntriesPage,
  PriceListEntryView,
  PriceListsPage,
  PriceListUploadPreview,
  PriceListUploadResult,
  PutPriceListEntryBody,
} from '@common/contracts/price-lists';
import type { StockUploadHistoryEntry, StockUploadHistoryResponse } from '@common/contracts/stock-uploads';
import { api, contractDataOf, dataOf, upload } from '@client/lib/api-client';

/* The admin's price lists (docs/decisions/0231-price-list-files-diff-and-version.md). */

const root = ['/api/admin/price-lists'] as const;
export const priceListUploadsQueryKey = ['/api/admin/price-lists/uploads'] as const;

export const priceListsQueryOptions = (query: { search: string; page: number }) =>
  queryOptions({
    queryKey: [...root, 'page', query],
    queryFn: async (): Promise<PriceListsPage> => dataOf(api.GET('/api/admin/price-lists', { params: { query: { search: query.search || undefined, page: query.page } } })),
    placeholderData: keepPreviousData,
  });

export function usePriceLists(query: { search: string; page: number }) {
  return useQuery(priceListsQueryOptions(query));
}

export function usePriceList(id: number) {
  return useQuery({
    queryKey: [...root, id],
    queryFn: async (): Promise<PriceListDetail> => dataOf(api.GET('/api/admin/price-lists/{id}', { params: { path: { id } } })),
  });
}

export function usePriceListEntries(id: number, query: { search: string; page: number }) {
  return useQuery({
    queryKey: [...root, id, 'entries', query],
    queryFn: async (): Promise<PriceListEntriesPage> =>
      dataOf(api.GET('/api/admin/price-lists/{id}/entries', { params: { path: { id }, query: { search: query.search || undefined, page: query.page } } })),
    placeholderData: keepPreviousData,
  });
}

export function useCompanyChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'company-choices', search],
    queryFn: async () => dataOf(api.GET('/api/admin/price-lists/company-choices', { params: { query: { search: search || undefined } } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePriceListUploads() {
  return useQuery({
    queryKey: priceListUploadsQueryKey,
    queryFn: async (): Promise<StockUploadHistoryEntry[]> => (await contractDataOf<StockUploadHistoryResponse>(api.GET('/api/admin/price-lists/uploads'))).uploads,
  });
}

/** Every write refreshes the lists, the open list and its entries. */
function useWrite<Input, Output>(key: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [key],
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export const useCreatePriceList = () => useWrite('create-price-list', async (body: PriceListBody) => dataOf(api.POST('/api/admin/price-lists', { body })));

export const useUpdatePriceList = (id: number) =>
  useWrite('update-price-list', async (body: PriceListBody) => dataOf(api.PATCH('/api/admin/price-lists/{id}', { params: { path: { id } }, body })));

export const useDeletePriceList = () => useWrite('delete-price-list', async (id: number) => dataOf(api.DELETE('/api/admin/price-lists/{id}', { params: { path: { id } } })));

export const usePutEntry = (id: number) =>
  useWrite(
    'put-price-list-entry',
    async ({ sku, body }: { sku: number; body: PutPriceListEntryBody }): Promise<PriceListEntryView> =>
      dataOf(api.PUT('/api/admin/price-lists/{id}/entries/{sku}', { params: { path: { id, sku } }, body })),
  );

export const useDeleteEntry = (id: number) =>
  useWrite('delete-price-list-entry', async (sku: number) => dataOf(api.DELETE('/api/admin/price-lists/{id}/entries/{sku}', { params: { path: { id, sku } } })));

export const useAssign = (id: number) =>
  useWrite('assign-price-list', async (body: AssignmentBody): Promise<PriceListDetail> => dataOf(api.POST('/api/admin/price-lists/{id}/assignments', { params: { path: { id } }, body })));

export const useUnassign = (id: number) =>
  useWrite(
    'unassign-price-list',
    async (assignmentId: number): Promise<PriceListDetail> => dataOf(api.DELETE('/api/admin/price-lists/{id}/assignments/{assignmentId}', { params: { path: { id, assignmentId } } })),
  );

/** POST .../upload/preview: what the file would add, change and remove; changes nothing. */
export function usePreviewPriceListFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['preview-price-list-file'],
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }): Promise<PriceListUploadPreview> => {
      const form = new FormData();
      form.append('file', file);
      return (await upload('/api/admin/price-lists/upload/preview', form, onProgress)) as PriceListUploadPreview;
    },
    // A refused file is in the history too, as rejected.
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceListUploadsQueryKey }),
  });
}

export function useConfirmPriceListFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['confirm-price-list-file'],
    mutationFn: async (uploadId: number): Promise<PriceListUploadResult> => dataOf(api.POST('/api/admin/price-lists/uploads/{id}/confirm', { params: { path: { id: uploadId } } })),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: priceListUploadsQueryKey });
      await queryClient.invalidateQueries({ queryKey: root });
    },
  });
}

export function useCancelPriceListFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cancel-price-list-file'],
    mutationFn: async (uploadId: number) => dataOf(api.POST('/api/admin/price-lists/uploads/{id}/cancel', { params: { path: { id: uploadId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceListUploadsQueryKey }),
  });
}
