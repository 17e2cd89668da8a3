import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView, ShipToLocationView } from '@common/contracts/orders';
import type { OrderFromQuoteBody, QuotesResponse, QuoteView, RequestQuoteBody, SendQuoteBody } from '@common/contracts/quotes';
import { api, contractDataOf, dataOf } from '@client/lib/api-client';

/*
 * The quotes calls (docs/decisions/0237): the list, one quote, and each step. Every step answers the
 * quote as it is after it, written into the cache; the list refetches.
 */

export const quotesQueryKey = ['/api/quotes'] as const;

export const quotesQueryOptions = () =>
  queryOptions({ queryKey: quotesQueryKey, queryFn: async (): Promise<QuotesResponse> => contractDataOf(api.GET('/api/quotes', {})) });

export function useQuotes() {
  return useQuery(quotesQueryOptions());
}

export const quoteQueryKey = (id: number) => [...quotesQueryKey, id] as const;

export function useQuote(id: number) {
  return useQuery({
    queryKey: quoteQueryKey(id),
    queryFn: async (): Promise<QuoteView> => contractDataOf(api.GET('/api/quotes/{id}', { params: { path: { id } } })),
  });
}

/** The PDF's address: a plain link downloads it with the session cookie. */
export const quotePdfHref = (id: number) => `/api/quotes/${id}/pdf`;

function useStep<Body>(call: (body: Body) => Promise<QuoteView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (quote) => {
      queryClient.setQueryData(quoteQueryKey(quote.id), quote);
      await queryClient.invalidateQueries({ queryKey: quotesQueryKey, exact: true });
    },
  });
}

export function useRequestQuote() {
  return useStep((body: RequestQuoteBody) => contractDataOf<QuoteView>(api.POST('/api/quotes', { body: body as never })));
}

export function useSendQuote(id: number) {
  return useStep((body: SendQuoteBody) => contractDataOf<QuoteView>(api.POST('/api/quotes/{id}/send', { params: { path: { id } }, body: body as never })));
}

export function useDecideQuote(id: number) {
  return useStep((decision: 'accept' | 'decline' | 'close') =>
    contractDataOf<QuoteView>(
      decision === 'accept'
        ? api.POST('/api/quotes/{id}/accept', { params: { path: { id } } })
        : decision === 'decline'
          ? api.POST('/api/quotes/{id}/decline', { params: { path: { id } } })
          : api.POST('/api/quotes/{id}/close', { params: { path: { id } } }),
    ),
  );
}

export function useOrderFromQuote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderFromQuoteBody): Promise<OrderView> =>
      contractDataOf(api.POST('/api/quotes/{id}/orders', { params: { path: { id } }, body: body as never })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: quotesQueryKey }), queryClient.invalidateQueries({ queryKey: ['/api/orders'] })]),
  });
}

/** POST /api/quotes/{id}/extend (admins, docs/decisions/0236): the new valid-until day; the holds move with it. */
export function useExtendQuote(id: number) {
  return useStep((validUntil: string) => contractDataOf<QuoteView>(api.POST('/api/quotes/{id}/extend', { params: { path: { id } }, body: { validUntil } })));
}

/** The company's saved ship-to locations, as the cart's checkout offers them (docs/decisions/0242); same cache key. */
export function useQuoteShipToLocations() {
  return useQuery({
    queryKey: ['/api/orders/ship-to-locations'],
    queryFn: async (): Promise<ShipToLocationView[]> => dataOf(api.GET('/api/orders/ship-to-locations')),
    staleTime: 60_000,
  });
}
