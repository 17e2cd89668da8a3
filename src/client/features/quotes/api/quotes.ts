import { useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView, ShipToLocationView } from '@common/contracts/orders';
import type { OrderFromQuoteBody, QuotesResponse, QuoteView, RequestQuoteBody, SendQuoteBody } from '@common/contracts/quotes';
import { api, contractDataOf, dataOf } from '@client/lib/api-client';
import { idempotent, newIdempotencyKey } from '@client/lib/idempotency-key';

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

function useStep<Body>(call: (body: Body) => Promise<QuoteView>, afterSuccess?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (quote) => {
      afterSuccess?.();
      queryClient.setQueryData(quoteQueryKey(quote.id), quote);
      await queryClient.invalidateQueries({ queryKey: quotesQueryKey, exact: true });
    },
  });
}

/**
 * One Idempotency-Key per form, kept across retries (an answer lost on a dropped connection, a second
 * tap) and renewed after a success, as the cart's checkout does (docs/decisions/0060): the server
 * then makes one quote or one order however often the same request arrives.
 */
function useFormKey(prefix: string) {
  const key = useRef(newIdempotencyKey(prefix));
  return { current: () => key.current, renew: () => (key.current = newIdempotencyKey(prefix)) };
}

export function useRequestQuote() {
  const key = useFormKey('quote');
  return useStep((body: RequestQuoteBody) => contractDataOf<QuoteView>(api.POST('/api/quotes', { body: body as never, ...idempotent('quote', key.current()) })), key.renew);
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
  const key = useFormKey('quote-order');
  return useMutation({
    mutationFn: async (body: OrderFromQuoteBody): Promise<OrderView> =>
      contractDataOf(api.POST('/api/quotes/{id}/orders', { params: { path: { id } }, body: body as never, ...idempotent('quote-order', key.current()) })),
    onSuccess: () => {
      key.renew();
      return Promise.all([queryClient.invalidateQueries({ queryKey: quotesQueryKey }), queryClient.invalidateQueries({ queryKey: ['/api/orders'] })]);
    },
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
