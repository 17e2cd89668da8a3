import type { CartView } from '@common/contracts/carts';
import type { placeOrderBody, PricesChangedBody } from '@common/contracts/orders';
import { PRICE_MESSAGES, priceChanges } from '@common/domain/seen-prices';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error';

/**
 * One price rule (docs/decisions/0206), called by placement inside the order's transaction with the
 * cart read in that transaction: the prices checked here are the very prices the order lines are
 * written with, so an upload committed after this read cannot change what the order records.
 * A line whose price or CALL status differs from what the buyer was shown refuses the whole order
 * with 409 and the old and new figures; the transaction rolls back and nothing is written.
 * A caller that sent no seen prices and no seen total (an ERP, a script) is not checked.
 */
export function checkSeenPrices(body: Pick<z.infer<typeof placeOrderBody>, 'items' | 'seenTotal'>, cart: CartView): void {
  const seen = new Map(body.items?.filter((i) => i.seenPrice !== undefined).map((i) => [i.productId, i.seenPrice]));
  const changes = priceChanges(
    cart.items.map((i) => ({
      productId: i.productId,
      productName: i.product.name,
      quantity: i.quantity,
      currentPrice: i.product.price,
      ...(seen.has(i.productId) ? { seenPrice: seen.get(i.productId) ?? null } : {}),
    })),
    body.seenTotal,
  );
  if (!changes) return;
  const extra: Omit<PricesChangedBody, 'message'> = { priceChanges: changes };
  throw new HttpError(409, PRICE_MESSAGES.changed, undefined, extra);
}
