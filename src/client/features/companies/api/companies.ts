import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddBuyerInput,
  BuyerView,
  CompaniesPage,
  CompanyDetail,
  CompanyView,
  CreateCompanyBody,
  LocationBody,
  LocationView,
  NewBuyerBody,
  OwnCompany,
  UpdateBuyerBody,
  UpdateCompanyBody,
  UpdateOwnCompanyBody,
} from '@common/contracts/companies';
import type { RepAssignmentsResponse, RepImportPreview, RepImportResult } from '@common/contracts/reps';
import { api, dataOf, upload } from '@client/lib/api-client';

/*
 * The companies calls (docs/decisions/0230): an admin's /api/companies and a dealer's /api/company.
 * The location and buyer hooks take a `CompanyScope`: one company by id (admin) or the caller's own.
 */

export const companiesQueryKey = ['/api/companies'] as const;
export const ownCompanyQueryKey = ['/api/company'] as const;

/** Whose company a screen edits: an admin names it, a company admin edits their own. */
export type CompanyScope = { companyId: number } | 'own';

/** The list's query as the screen builds it. */
export interface CompaniesListQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const companiesQueryOptions = (query: CompaniesListQuery) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', query],
    queryFn: async (): Promise<CompaniesPage> =>
      dataOf(api.GET('/api/companies', { params: { query: { ...query, search: query.search || undefined } } })),
  });

export function useCompanies(query: CompaniesListQuery) {
  return useQuery({ ...companiesQueryOptions(query), placeholderData: keepPreviousData });
}

export function useCompany(companyId: number) {
  return useQuery({
    queryKey: [...companiesQueryKey, companyId],
    queryFn: async (): Promise<CompanyDetail> => dataOf(api.GET('/api/companies/{id}', { params: { path: { id: companyId } } })),
  });
}

export function useOwnCompany() {
  return useQuery({ queryKey: ownCompanyQueryKey, queryFn: async (): Promise<OwnCompany> => dataOf(api.GET('/api/company')) });
}

/** After any write: the lists, the company and the dealer's own view refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: companiesQueryKey }), queryClient.invalidateQueries({ queryKey: ownCompanyQueryKey })]);
}

export function useCreateCompany() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateCompanyBody): Promise<CompanyView> => dataOf(api.POST('/api/companies', { body })),
    onSuccess: refresh,
  });
}

export function useUpdateCompany(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdateCompanyBody): Promise<CompanyView> =>
      dataOf(api.PATCH('/api/companies/{id}', { params: { path: { id: companyId } }, body })),
    onSuccess: refresh,
  });
}

/** A company admin's own settings (PATCH /api/company). */
export function useUpdateOwnCompany() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdateOwnCompanyBody): Promise<CompanyView> => dataOf(api.PATCH('/api/company', { body })),
    onSuccess: refresh,
  });
}

export function useSaveLocation(scope: CompanyScope) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: LocationBody }): Promise<LocationView> => {
      if (scope === 'own') {
        return id === undefined
          ? dataOf(api.POST('/api/company/locations', { body }))
          : dataOf(api.PATCH('/api/company/locations/{locationId}', { params: { path: { locationId: id } }, body }));
      }
      return id === undefined
        ? dataOf(api.POST('/api/companies/{id}/locations', { params: { path: { id: scope.companyId } }, body }))
        : dataOf(api.PATCH('/api/companies/{id}/locations/{locationId}', { params: { path: { id: scope.companyId, locationId: id } }, body }));
    },
    onSuccess: refresh,
  });
}

export function useDeleteLocation(scope: CompanyScope) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (locationId: number) =>
      scope === 'own'
        ? dataOf(api.DELETE('/api/company/locations/{locationId}', { params: { path: { locationId } } }))
        : dataOf(api.DELETE('/api/companies/{id}/locations/{locationId}', { params: { path: { id: scope.companyId, locationId } } })),
    onSuccess: refresh,
  });
}

export function useNewBuyer(scope: CompanyScope) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewBuyerBody): Promise<BuyerView> =>
      scope === 'own'
        ? dataOf(api.POST('/api/company/buyers', { body }))
        : dataOf(api.POST('/api/companies/{id}/buyers/new', { params: { path: { id: scope.companyId } }, body })),
    onSuccess: refresh,
  });
}

export function useUpdateBuyer(scope: CompanyScope) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ userId, body }: { userId: number; body: UpdateBuyerBody }): Promise<BuyerView> =>
      scope === 'own'
        ? dataOf(api.PATCH('/api/company/buyers/{userId}', { params: { path: { userId } }, body }))
        : dataOf(api.PATCH('/api/companies/{id}/buyers/{userId}', { params: { path: { id: scope.companyId, userId } }, body })),
    onSuccess: refresh,
  });
}

export function useAddBuyer(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: AddBuyerInput): Promise<BuyerView> => dataOf(api.POST('/api/companies/{id}/buyers', { params: { path: { id: companyId } }, body })),
    onSuccess: refresh,
  });
}

export function useMoveBuyerOut(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (userId: number) => dataOf(api.DELETE('/api/companies/{id}/buyers/{userId}', { params: { path: { id: companyId, userId } } })),
    onSuccess: refresh,
  });
}

/** Dealers an admin may add, found by username, name or company (GET /api/users). */
export function useDealerSearch(search: string) {
  return useQuery({
    queryKey: ['/api/users', 'dealers', search],
    queryFn: async () => dataOf(api.GET('/api/users', { params: { query: { role: 'bold_customer', search, pageSize: 10 } } })),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The salespeople assigned to a company (docs/decisions/0235). */
export function useCompanyReps(companyId: number) {
  return useQuery({
    queryKey: [...companiesQueryKey, companyId, 'reps'],
    queryFn: async (): Promise<RepAssignmentsResponse> => dataOf(api.GET('/api/companies/{id}/reps', { params: { path: { id: companyId } } })),
  });
}

export function useAssignRep(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (userId: number): Promise<RepAssignmentsResponse> =>
      dataOf(api.PUT('/api/companies/{id}/reps/{userId}', { params: { path: { id: companyId, userId } } })),
    onSuccess: refresh,
  });
}

export function useUnassignRep(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (userId: number): Promise<RepAssignmentsResponse> =>
      dataOf(api.DELETE('/api/companies/{id}/reps/{userId}', { params: { path: { id: companyId, userId } } })),
    onSuccess: refresh,
  });
}

/** Salespeople an admin may assign, found by username or name (GET /api/users). */
export function useSalespersonSearch(search: string) {
  return useQuery({
    queryKey: ['/api/users', 'salespeople', search],
    queryFn: async () => dataOf(api.GET('/api/users', { params: { query: { role: 'salesperson', search, pageSize: 10 } } })),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/companies/reps/import/preview: a CSV of `username,accountNumber` checked; assigns nobody (docs/decisions/0235). */
export function usePreviewRepImport() {
  return useMutation({
    mutationKey: ['POST', '/api/companies/reps/import/preview'],
    mutationFn: async (file: File): Promise<RepImportPreview> => {
      const form = new FormData();
      form.append('file', file);
      return (await upload('/api/companies/reps/import/preview', form)) as RepImportPreview;
    },
  });
}

/** Confirm assigns exactly what the preview showed; Cancel drops it. Both refresh every company's reps. */
export function useFinishRepImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['POST', '/api/companies/reps/imports'],
    mutationFn: async ({ id, confirm }: { id: number; confirm: boolean }): Promise<RepImportResult | null> => {
      if (!confirm) {
        await dataOf(api.POST('/api/companies/reps/imports/{id}/cancel', { params: { path: { id } } }));
        return null;
      }
      return dataOf(api.POST('/api/companies/reps/imports/{id}/confirm', { params: { path: { id } } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
