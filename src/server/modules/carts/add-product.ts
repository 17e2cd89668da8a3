import type { CartItemResponse } from '@common/contracts/carts';
import { lineQuantityProblem, unorderableReason } from '@common/domain/cart-rules';
import { parseStockLevel } from '@common/domain/stock-level';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ProductSummary } from '../products';
import { cartNotFound, pastTheStock, productNotFound } from './errors';
import * as repo from './repository';
import type { CartsDeps } from './deps';

/**
 * The product as it is now, read through the products module's public interface (its prepared
 * primary-key read) on the caller's executor: the pool, or the caller's transaction.
 */
export async function currentProduct(products: CartsDeps['products'], executor: DbOrTx, productId: number): Promise<ProductSummary> {
  const product = await products.summary(productId, executor);
  if (!product) throw productNotFound();
  return product;
}

/**
 * The one way a cart line grows by a quantity the user asked for (the add and the quick add;
 * reorder cuts its quantity down instead of refusing, and uses the same upsert): the
 * product's rules, then the atomic upsert that keeps the line within the stock even when
 * two tabs add at once. Throws the spec's sentence when the add may not happen.
 *
 * `activity`, when given, is the add's activity row (the activity module's JSON document): the
 * same statement writes it, only if the line grew. On the pool (no Idempotency-Key) the add is
 * that one autocommit statement; in a transaction it is part of the transaction.
 */
export async function addProduct(
  executor: DbOrTx,
  userId: number,
  cartId: number,
  product: Pick<ProductSummary, 'id' | 'name' | 'stockLevel'>,
  quantity: number,
  activity: string | null = null,
): Promise<CartItemResponse> {
  const refusal = unorderableReason(product) ?? lineQuantityProblem(product, quantity);
  if (refusal) throw new HttpError(400, refusal);
  const max = parseStockLevel(product.stockLevel).maxQuantity;
  const result = await repo.addToCartItem(executor, { userId, cartId, productId: product.id, quantity, max, activity });
  if (!result.owned) throw cartNotFound();
  if (result.item) return result.item;
  const inCart = (await repo.findCartItemByProduct(executor, cartId, product.id))?.quantity ?? 0;
  throw pastTheStock(product, inCart, quantity);
}
