import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailsQuery, EmailView } from '@common/contracts/emails';
import { api, dataOf } from '@client/lib/api-client';

const EMAILS_PATH = '/api/admin/emails';
/** The sender works in the background: the first page looks again every few seconds while it is open. */
const REFRESH_MS = 5_000;

/** The GET path with its query string is the key, so each page and filter is cached on its own. */
export function emailsPath(query: EmailsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page !== 1) params.set('page', String(query.page));
  const search = params.toString();
  return `${EMAILS_PATH}${search ? `?${search}` : ''}`;
}

/** The same parameters as `emailsPath` asks for: only a status filter and a page past the first. */
function emailsParams(query: EmailsQuery): Partial<EmailsQuery> {
  return { ...(query.status ? { status: query.status } : {}), ...(query.page !== 1 ? { page: query.page } : {}) };
}

export function useEmails(query: EmailsQuery) {
  return useQuery({
    queryKey: [emailsPath(query)],
    queryFn: () => dataOf(api.GET('/api/admin/emails', { params: { query: emailsParams(query) } })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** POST /api/admin/emails/{id}/resend: a failed email waits again; the sender delivers it. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resend-email'],
    mutationFn: async (id: number): Promise<EmailView> => await dataOf(api.POST('/api/admin/emails/{id}/resend', { params: { path: { id } } })),
    // Every cached page and filter, and the orders that show this email's status.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(EMAILS_PATH) || String(q.queryKey[0]).startsWith('/api/orders') }),
  });
}
