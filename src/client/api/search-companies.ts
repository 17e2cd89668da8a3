import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyView } from '@common/contracts/companies';
import { api, dataOf } from '@client/lib/api-client';

/** Matches a chooser offers at once: enough to pick from, few enough to read. */
export const COMPANY_MATCHES = 8;

/**
 * GET /api/companies?search= (admins): the companies whose name or account number contains the text,
 * by name (docs/decisions/0230). Under the companies list's key, so a company created or renamed
 * on the Companies screen is searched afresh.
 */
export const companySearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['/api/companies', 'search', search],
    queryFn: async (): Promise<{ companies: CompanyView[]; total: number }> =>
      dataOf(api.GET('/api/companies', { params: { query: { search: search || undefined, pageSize: COMPANY_MATCHES } } })),
    staleTime: 30_000,
  });

export function useCompanySearch(search: string, enabled = true) {
  return useQuery({ ...companySearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
