import type { CartItemResponse } from '@common/contracts/carts';
import { lineQuantityProblem, unorderableReason } from '@common/domain/cart-rules';
import { backorderable, backorderLineProblem, incomingRoom, lineCap } from '@common/domain/backorders';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ProductSummary } from '../products';
import { cartNotFound, pastTheStock, poLocked, productNotFound } from './errors';
import * as repo from './repository';
import type { CartsDeps, IncomingLoads } from './deps';

/**
 * The product as it is now, read through the products module's public interface (its prepared
 * primary-key read) on the caller's executor: the pool, or the caller's transaction.
 */
export async function currentProduct(products: CartsDeps['products'], executor: DbOrTx, productId: number): Promise<ProductSummary> {
  const product = await products.summary(productId, executor);
  if (!product) throw productNotFound();
  return product;
}

type AddedProduct = Pick<ProductSummary, 'id' | 'name' | 'stockLevel'>;

/** Who adds: the owner, or a buyer of the company the PO is shared with (docs/decisions/0233). */
export interface Adder {
  userId: number;
  companyId: number | null;
  /** The owner's scope (carts/owner.ts, docs/decisions/0235): a rep's own carts are those of one company. */
  scoped: boolean;
  ownCompanyId: number | null;
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
  who: Adder,
  cartId: number,
  product: AddedProduct,
  quantity: number,
  activity: string | null = null,
  incoming?: IncomingLoads,
): Promise<CartItemResponse> {
  let refusal = unorderableReason(product) ?? lineQuantityProblem(product, quantity);
  let room = 0;
  // Past the stock: incoming loads may cover the rest as a backorder (docs/decisions/0238). Read only then.
  if (refusal && incoming && backorderable(product.stockLevel)) {
    room = await roomOf(incoming, executor, product.id);
    refusal = backorderLineProblem(product, quantity, room);
  }
  if (refusal) throw new HttpError(400, refusal);
  const item = await grow(executor, { who, cartId, product, quantity, activity, remembered: false, room, incoming });
  if (!item) throw new Error('a product read just now cannot fail the as-seen check: it is not asked');
  return item;
}

/**
 * The add against the products service's remembered summary (ADR 0174): the rules are checked
 * against it, and the statement acts only if the products module's productAsSeenSql confirms
 * the name and stock level in the database. Undefined when the caller must read the product
 * again and add with addProduct: it changed or is gone, or its remembered state refuses the add
 * (a refusal is never given on a remembered product alone).
 */
export async function addRememberedProduct(
  executor: DbOrTx,
  who: Adder,
  cartId: number,
  product: AddedProduct,
  quantity: number,
  activity: string | null,
  incoming?: IncomingLoads,
): Promise<CartItemResponse | undefined> {
  if (unorderableReason(product) ?? lineQuantityProblem(product, quantity)) return undefined;
  return grow(executor, { who, cartId, product, quantity, activity, remembered: true, incoming });
}

/** What a SKU's incoming loads can still promise. */
async function roomOf(incoming: IncomingLoads, executor: DbOrTx, productId: number): Promise<number> {
  return incomingRoom((await incoming.loadsOf(executor, [productId])).get(productId) ?? []);
}

/** The statement, and the answer to a line that would pass the stock. Undefined: the remembered product was not as seen. */
async function grow(
  executor: DbOrTx,
  add: { who: Adder; cartId: number; product: AddedProduct; quantity: number; activity: string | null; remembered: boolean; room?: number; incoming?: IncomingLoads },
): Promise<CartItemResponse | undefined> {
  const { who, cartId, product, quantity, activity } = add;
  const room = add.room ?? 0;
  const result = await repo.addToCartItem(executor, {
    userId: who.userId,
    companyId: who.companyId,
    scoped: who.scoped,
    ownCompanyId: who.ownCompanyId,
    cartId,
    productId: product.id,
    quantity,
    max: lineCap(product.stockLevel, room),
    activity,
    seenName: add.remembered ? product.name : null,
    seenStockLevel: add.remembered ? product.stockLevel : null,
  });
  if (!result.asSeen) return undefined;
  if (!result.owned) {
    // A PO waiting for the company admin is locked (docs/decisions/0233); anything else is not the caller's.
    const cart = await repo.findCartById(executor, cartId);
    if (cart && cart.approvalStatus === 'pending' && (cart.userId === who.userId || (cart.sharedWithCompany && cart.companyId === who.companyId))) {
      throw poLocked();
    }
    throw cartNotFound();
  }
  if (result.item) return result.item;
  // Past the stock on a remembered product: read it again and let the loads' room count (addProduct).
  if (add.remembered && add.incoming && backorderable(product.stockLevel)) return undefined;
  if (room === 0 && add.incoming && backorderable(product.stockLevel)) {
    const loadsRoom = await roomOf(add.incoming, executor, product.id);
    if (loadsRoom > 0) return grow(executor, { ...add, room: loadsRoom, incoming: undefined });
  }
  const inCart = (await repo.findCartItemByProduct(executor, cartId, product.id))?.quantity ?? 0;
  throw pastTheStock(product, inCart, quantity, room);
}
