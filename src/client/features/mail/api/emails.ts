import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailsQuery, emailsResponse, emailView, EmailView } from '@common/contracts/emails';
import { api } from '@client/lib/api-client';

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

export function useEmails(query: EmailsQuery) {
  const path = emailsPath(query);
  return useQuery({
    queryKey: [path],
    queryFn: () => api.get<z.output<typeof emailsResponse>>(path),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** POST /api/admin/emails/{id}/resend: a failed email waits again; the sender delivers it. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['resend-email'],
    mutationFn: async (id: number): Promise<EmailView> => await api.post<z.output<typeof emailView>>(`${EMAILS_PATH}/${id}/resend`, {}),
    // Every cached page and filter, and the orders that show this email's status.
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(EMAILS_PATH) || String(q.queryKey[0]).startsWith('/api/orders') }),
  });
}
