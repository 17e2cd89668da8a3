import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { QuickOrderPricesResponse } from '@common/contracts/carts';
import { describePriceSource } from '@common/domain/contract-prices';
import { api, dataOf } from '@client/lib/api-client';

export interface PadPrice {
  price: string | null;
  basePrice: string | null;
  /** "Contract 2026, 100+ boxes"; null for the base price. */
  source: string | null;
}

/**
 * The pad's lines priced by the server's one price rule at the quantity the PO will hold (what is
 * in it plus the line), so a contract dealer sees the price and break the PO will charge
 * (docs/decisions/0233). Asked again as the lines settle; the last answer stays on screen meanwhile.
 */
export function useQuickOrderPrices(items: readonly { productId: number; quantity: number }[]): ReadonlyMap<number, PadPrice> {
  const asked = useDeferredValue(items);
  const query = useQuery({
    queryKey: ['/api/quick-order/prices', asked.map((i) => `${i.productId}x${i.quantity}`).join(',')],
    queryFn: async (): Promise<QuickOrderPricesResponse> => dataOf(api.POST('/api/quick-order/prices', { body: { items: [...asked] } })),
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const prices = new Map<number, PadPrice>();
  for (const line of query.data?.lines ?? []) {
    prices.set(line.productId, { price: line.price, basePrice: line.basePrice, source: describePriceSource(line.priceSource) });
  }
  return prices;
}
