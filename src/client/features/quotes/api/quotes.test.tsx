// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@common/domain/http-headers';
import { useOrderFromQuote, useRequestQuote } from './quotes';

/*
 * A quote order (and a quote request) that the server made but whose answer was lost is sent again with
 * the same Idempotency-Key, so the server answers the first order instead of placing a second; after a
 * success the next one gets a new key (docs/decisions/0060).
 */

afterEach(() => vi.unstubAllGlobals());

const created = (body: unknown) => new Response(JSON.stringify(body), { status: 201, headers: { 'Content-Type': 'application/json' } });

/** The first request is lost on the way back (the connection drops); the next ones answer. */
function stubDroppedThenAnswered(answer: () => unknown) {
  const keys: (string | null)[] = [];
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      keys.push(request.headers.get(IDEMPOTENCY_HEADER));
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return created(answer());
    }),
  );
  return keys;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the hook once inside a query client and hands back what it returned. */
function renderHook<T>(hook: () => T): { result: { current: T } } {
  const result = {} as { current: T };
  function Probe() {
    result.current = hook();
    return null;
  }
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  act(() =>
    createRoot(document.createElement('div')).render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return { result };
}

const orderBody = { lines: [{ quoteLineId: 1, quantity: 60 }], poReference: null, deliveryType: 'pickup' as const, requestedDate: null };

describe('quote writes carry one Idempotency-Key per attempt', () => {
  it('an order from a quote retried after a dropped answer carries the same key; the next order a new one', async () => {
    const keys = stubDroppedThenAnswered(() => ({ id: 9 }));
    const { result } = renderHook(() => useOrderFromQuote(5));
    await act(async () => {
      await result.current.mutateAsync(orderBody).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync(orderBody);
    });
    await act(async () => {
      await result.current.mutateAsync(orderBody);
    });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^quote-order-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a quote request retried after a dropped answer carries the same key', async () => {
    const keys = stubDroppedThenAnswered(() => ({ id: 3, lines: [] }));
    const { result } = renderHook(() => useRequestQuote());
    const body = { projectName: 'Lobby', lines: [{ productId: 1, quantity: 3 }] } as never;
    await act(async () => {
      await result.current.mutateAsync(body).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync(body);
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^quote-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
