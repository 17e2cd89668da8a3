import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import type { PricesChangedBody } from '@common/contracts/orders';
import { isApiError } from '@client/lib/api-client';

export type PriceChanges = PricesChangedBody['priceChanges'];

/** The figures of a 409 "Prices changed" (docs/decisions/0206), or null for any other failure. */
export function priceChangesOf(error: unknown): PriceChanges | null {
  if (!isApiError(error) || error.status !== 409 || error.serverMessage !== PRICE_MESSAGES.changed) return null;
  const body = error.body as Partial<PricesChangedBody> | null;
  return body?.priceChanges && Array.isArray(body.priceChanges.lines) ? body.priceChanges : null;
}
