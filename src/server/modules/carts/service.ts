import type {
  AddCartItemBody,
  AdjustMerchandiseBody,
  BulkAddBody,
  BulkAddResponse,
  CartItemResponse,
  CartView,
  createCartBody,
  updateCartBody,
} from '@common/contracts/carts';
import {
  CART_MESSAGES,
  DEFAULT_CART_NAME,
  lineQuantityProblem,
  MERCHANDISE_LISTS,
  merchandiseList,
  unorderableReason,
  type MerchandiseType,
} from '@common/domain/cart-rules';
import { MAX_LINE_QUANTITY, parseStockLevel } from '@common/domain/stock-level';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { MerchandiseService } from '../merchandise';
import { PRODUCT_AS_SEEN_TEMPLATE, productAsSeenValues } from '../products';
import * as repo from './repository';
import type { SeenProduct } from './repository';
import { toCartViews, type CartCatalogue } from './view';

export interface ReorderResult {
  cartId: number;
  added: { name: string; quantity: number; requested: number }[];
  skipped: { name: string; reason: string }[];
}

function unorderableShortReason(stockLevel: string): string {
  return parseStockLevel(stockLevel).kind === 'special_order' ? 'Special order only' : 'Out of stock';
}

const cartNotFound = () => new HttpError(404, CART_MESSAGES.cartNotFound);
const itemNotFound = () => new HttpError(404, CART_MESSAGES.itemNotFound);

export type CartsService = ReturnType<typeof createCartsService>;

/** The key with a description of the request it belongs to (the operation and its body). */
function idempotencyOf(key: string | undefined, operation: string, body: unknown) {
  return key === undefined ? undefined : { key, request: `${operation} ${JSON.stringify(body)}` };
}

/**
 * Carts (spec §3, §4; docs/product-decisions.md#carts-and-orders). Every call is scoped to
 * the caller: another user's cart answers 404, never their data. Contents change
 * through single atomic statements so two tabs never lose an update.
 */
export function createCartsService(deps: {
  db: Db;
  activity: ActivityService;
  /** Products and merchandise are read through their modules, never their tables. */
  products: CartCatalogue['products'];
  merchandise: CartCatalogue['merchandise'] & Pick<MerchandiseService, 'existingCodes' | 'isDeactivated'>;
}) {
  const { db, activity } = deps;
  const catalogue: CartCatalogue = { products: deps.products, merchandise: deps.merchandise };

  /** Spec §4: one active cart, created when missing; else the first cart becomes active. */
  async function ensureActiveCart(userId: number, tx?: DbOrTx): Promise<repo.CartRow> {
    const existing = await repo.findActiveCart(tx ?? db, userId);
    if (existing) return existing;
    const run = async (t: DbOrTx) => {
      await repo.lockUserCarts(t, userId);
      const active = await repo.findActiveCart(t, userId);
      if (active) return active;
      const first = await repo.firstCartId(t, userId);
      if (first === undefined) return repo.insertCart(t, { userId, name: DEFAULT_CART_NAME, isActive: true });
      await repo.activateCart(t, userId, first);
      const activated = await repo.findActiveCart(t, userId);
      if (!activated) throw new Error('no active cart after activation');
      return activated;
    };
    return tx ? run(tx) : db.transaction(run);
  }

  /** The caller's cart; inside a transaction (tx given) its row is locked first (see repository lock order). */
  async function ownCart(actor: Actor, cartId: number, tx?: DbOrTx): Promise<repo.CartRow> {
    const cart = await repo.findOwnCart(tx ?? db, actor.userId, cartId, { lock: tx !== undefined });
    if (!cart) throw cartNotFound();
    return cart;
  }

  async function loadProduct(productId: number, tx: DbOrTx = db) {
    const [product] = await deps.products.summaries([productId], tx);
    if (!product) throw new HttpError(404, CART_MESSAGES.productNotFound);
    return product;
  }

  /**
   * Products as this server last read them, for the cart add's rule check (ADR 0150).
   * Never trusted blindly: the add statement acts only if the product is unchanged.
   */
  const seenProducts = new Map<number, SeenProduct>();
  const MAX_SEEN_PRODUCTS = 20_000;

  function rememberProduct(productId: number, product: SeenProduct): SeenProduct {
    if (seenProducts.size >= MAX_SEEN_PRODUCTS) seenProducts.clear();
    const seen = { name: product.name, stockLevel: product.stockLevel };
    seenProducts.set(productId, seen);
    return seen;
  }

  /** Through the caller's executor: inside a transaction, a second pool connection could wait on it. */
  async function freshProduct(productId: number, executor: DbOrTx = db): Promise<SeenProduct> {
    const [product] = await deps.products.summaries([productId], executor);
    if (!product) {
      seenProducts.delete(productId);
      throw new HttpError(404, CART_MESSAGES.productNotFound);
    }
    return rememberProduct(productId, product);
  }

  /** Checks that every code exists for its type; refuses the first unknown one. */
  async function requireMerchandise(tx: DbOrTx, type: MerchandiseType, codes: readonly string[]) {
    const known = await deps.merchandise.existingCodes(type, codes, tx);
    const unknown = codes.find((code) => !known.has(code));
    if (unknown === undefined) return;
    if (await deps.merchandise.isDeactivated(type, unknown, tx)) throw new HttpError(400, noLongerAvailable(type, unknown));
    throw new HttpError(400, `Unknown ${merchandiseList(type).singular.toLowerCase()}: ${unknown}`);
  }

  /** Adds within the caller's transaction; throws the spec's message when the product may not be added. */
  async function addLine(
    tx: DbOrTx,
    actor: Actor,
    cartId: number,
    body: AddCartItemBody,
  ): Promise<CartItemResponse & { productName: string }> {
    const product = await loadProduct(body.productId, tx);
    const reason = unorderableReason(product) ?? lineQuantityProblem(product, body.quantity);
    if (reason) throw new HttpError(400, reason);
    const max = parseStockLevel(product.stockLevel).maxQuantity;
    const result = await repo.addToCartItem(tx, { userId: actor.userId, cartId, productId: product.id, quantity: body.quantity, max });
    if (!result.owned) throw cartNotFound();
    if (!result.item) {
      const current = (await repo.findCartItemByProduct(tx, cartId, product.id))?.quantity ?? 0;
      throw new HttpError(
        400,
        `${lineQuantityProblem(product, current + body.quantity) ?? CART_MESSAGES.quantityMax}. You already have ${current} in your cart.`,
      );
    }
    return { ...result.item, productName: product.name };
  }

  /** PO names are unique per user, ignoring case ("Kitchen" and "kitchen" are one name). */
  async function assertNameFree(tx: DbOrTx, userId: number, name: string, exceptCartId?: number) {
    if (await repo.findCartNamed(tx, userId, name, exceptCartId)) {
      const message = CART_MESSAGES.nameTaken(name.trim());
      throw new HttpError(409, message, [{ path: 'name', message }]);
    }
  }

  async function view(actor: Actor, cartId: number): Promise<CartView> {
    const [cart] = await toCartViews(db, catalogue, [await ownCart(actor, cartId)]);
    if (!cart) throw cartNotFound();
    return cart;
  }

  /**
   * Runs a cart write in one transaction; with an Idempotency-Key the answer is
   * stored with it, and the same key again answers the stored answer without
   * writing (a retry whose first answer was lost, ADR 0060). The key claim and
   * the write commit together, so a write is never counted twice nor lost.
   */
  async function writeOnce<T>(
    actor: Actor,
    idempotency: { key: string; request: string } | undefined,
    work: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    if (!idempotency) return db.transaction(work);
    return db.transaction(async (tx) => {
      if (!(await repo.claimIdempotencyKey(tx, actor.userId, idempotency.key, idempotency.request))) {
        const earlier = await repo.findIdempotentAnswer(tx, actor.userId, idempotency.key);
        if (earlier && earlier.request !== idempotency.request) {
          throw new HttpError(409, 'This Idempotency-Key was already used for a different request');
        }
        return earlier?.response as T;
      }
      const answer = await work(tx);
      await repo.saveIdempotentAnswer(tx, actor.userId, idempotency.key, answer);
      return answer;
    });
  }

  /** A cart deleted in another tab turns a foreign-key failure into the cart's 404. */
  async function cartWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw cartNotFound();
      throw error;
    }
  }

  /**
   * The product's rules are checked against the product as this server last read it,
   * and the statement adds only if the product is still so; a product changed since
   * is read again and checked again (ADR 0150).
   */
  async function addInOneStatement(executor: DbOrTx, actor: Actor, cartId: number, body: AddCartItemBody): Promise<CartItemResponse> {
    const remembered = seenProducts.get(body.productId);
    let product = remembered ?? (await freshProduct(body.productId, executor));
    let confirmed = remembered === undefined;
    for (let attempt = 0; ; attempt++) {
      const refusal = unorderableReason(product) ?? lineQuantityProblem(product, body.quantity);
      // A refusal from a remembered product is confirmed against the table first.
      if (refusal && !confirmed) {
        product = await freshProduct(body.productId, executor);
        confirmed = true;
        continue;
      }
      if (refusal) throw new HttpError(400, refusal);
      const seen = product;
      const result = await cartWrite(() =>
        repo.addToCartLogged(executor, {
          userId: actor.userId,
          cartId,
          productId: body.productId,
          quantity: body.quantity,
          max: parseStockLevel(seen.stockLevel).maxQuantity,
          productQuery: { template: PRODUCT_AS_SEEN_TEMPLATE, values: productAsSeenValues(body.productId, seen) },
          activityInsert: {
            template: activity.insertTemplate,
            values: activity.insertValues(actor, {
              type: 'product_added',
              description: `${actor.username} added ${body.quantity} x ${seen.name} to their cart`,
              metadata: { cartId, productId: body.productId, quantity: body.quantity },
            }),
          },
        }),
      );
      if (result.product === 'missing') {
        seenProducts.delete(body.productId);
        throw new HttpError(404, CART_MESSAGES.productNotFound);
      }
      if (result.product === 'changed') {
        // Changed between our read and the statement (a stock import): check the rules again.
        if (attempt >= 3) throw new HttpError(409, 'The product changed while adding; please try again');
        product = rememberProduct(body.productId, result.now);
        confirmed = true;
        continue;
      }
      if (!result.owned) throw cartNotFound();
      if (!result.item) {
        const current = (await repo.findCartItemByProduct(executor, cartId, body.productId))?.quantity ?? 0;
        throw new HttpError(
          400,
          `${lineQuantityProblem(product, current + body.quantity) ?? CART_MESSAGES.quantityMax}. You already have ${current} in your cart.`,
        );
      }
      return result.item;
    }
  }

  return {
    ensureActiveCart: (userId: number) => ensureActiveCart(userId).then(() => undefined),
    ensureActiveCartIn: ensureActiveCart,

    async list(actor: Actor): Promise<CartView[]> {
      await ensureActiveCart(actor.userId);
      return toCartViews(db, catalogue, await repo.listCartRows(db, actor.userId));
    },

    view,

    async create(actor: Actor, body: z.infer<typeof createCartBody>, idempotencyKey?: string): Promise<CartView> {
      if (body.userId !== undefined && body.userId !== actor.userId) {
        throw new HttpError(403, 'You can only create carts for yourself');
      }
      // Spec §6: a salesperson has no cart switching, so one sample order (issue 12).
      if (actor.role === 'salesperson') throw new HttpError(403, CART_MESSAGES.oneSampleOrder);
      const cart = await writeOnce(actor, idempotencyOf(idempotencyKey, 'create', body), async (tx) => {
        await repo.lockUserCarts(tx, actor.userId);
        await assertNameFree(tx, actor.userId, body.name);
        const hasActive = (await repo.findActiveCart(tx, actor.userId)) !== undefined;
        const makeActive = body.isActive === true || !hasActive;
        const created = await repo.insertCart(tx, { userId: actor.userId, name: body.name, isActive: false });
        if (makeActive) await repo.activateCart(tx, actor.userId, created.id);
        await activity.record(
          actor,
          { type: 'cart_created', description: `${actor.username} created cart "${body.name}"`, metadata: { cartId: created.id } },
          tx,
        );
        return created;
      });
      return view(actor, cart.id);
    },

    async update(actor: Actor, cartId: number, body: z.infer<typeof updateCartBody>): Promise<CartView> {
      await db.transaction(async (tx) => {
        if (body.isActive || body.name !== undefined) await repo.lockUserCarts(tx, actor.userId);
        const cart = await ownCart(actor, cartId, tx);
        if (body.name !== undefined) {
          await assertNameFree(tx, actor.userId, body.name, cart.id);
          await repo.renameCart(tx, cart.id, body.name);
        }
        if (body.isActive) await repo.activateCart(tx, actor.userId, cart.id);
        const changedLists: string[] = [];
        for (const list of MERCHANDISE_LISTS) {
          const entries = body[list.key];
          if (!entries) continue;
          const kept = entries.filter((e) => e.quantity > 0).sort((a, b) => a.code.localeCompare(b.code));
          const codes = kept.map((e) => e.code);
          if (new Set(codes).size !== codes.length) throw new HttpError(400, `Each ${list.singular.toLowerCase()} may appear only once`);
          await requireMerchandise(tx, list.type, codes);
          await repo.replaceMerchandiseList(tx, cart.id, list.type, kept);
          changedLists.push(list.key);
        }
        if (changedLists.length > 0) await repo.touchCart(tx, cart.id);
        await activity.record(
          actor,
          {
            type: 'cart_updated',
            description: body.isActive ? `${actor.username} switched to cart "${cart.name}"` : `${actor.username} updated cart "${cart.name}"`,
            metadata: { cartId: cart.id, renamed: body.name !== undefined, activated: body.isActive === true, lists: changedLists },
          },
          tx,
        );
      });
      return view(actor, cartId);
    },

    /** Deletes a cart; if it was active, the first remaining cart (or a new default one) takes over. */
    async remove(actor: Actor, cartId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockUserCarts(tx, actor.userId);
        const cart = await ownCart(actor, cartId, tx);
        await repo.deleteCart(tx, actor.userId, cart.id);
        if (cart.isActive) await ensureActiveCart(actor.userId, tx);
        await activity.record(
          actor,
          { type: 'cart_updated', description: `${actor.username} deleted cart "${cart.name}"`, metadata: { cartId, deleted: true } },
          tx,
        );
      });
    },

    async clear(actor: Actor, cartId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const cart = await ownCart(actor, cartId, tx);
        await repo.clearCartContents(tx, cart.id);
        await repo.touchCart(tx, cart.id);
        await activity.record(
          actor,
          { type: 'cart_cleared', description: `${actor.username} cleared cart "${cart.name}"`, metadata: { cartId } },
          tx,
        );
      });
    },

    /**
     * One SQL statement per add (ADR 0150). With an Idempotency-Key the statement runs
     * inside the key's transaction, so the add and its stored answer commit together
     * (ADR 0060); without one it is the only statement.
     */
    async addItem(actor: Actor, cartId: number, body: AddCartItemBody, idempotencyKey?: string): Promise<CartItemResponse> {
      if (idempotencyKey === undefined) return addInOneStatement(db, actor, cartId, body);
      return cartWrite(() => writeOnce(actor, idempotencyOf(idempotencyKey, `add ${cartId}`, body), (tx) => addInOneStatement(tx, actor, cartId, body)));
    },

    /** Quick add: every line is checked; one bad line refuses them all. */
    async addItems(actor: Actor, cartId: number, body: BulkAddBody, idempotencyKey?: string): Promise<BulkAddResponse> {
      return cartWrite(() =>
        writeOnce(actor, idempotencyOf(idempotencyKey, `bulk-add ${cartId}`, body), async (tx) => {
          await ownCart(actor, cartId, tx);
          // Same product twice in one call counts once with the summed quantity.
          const merged = new Map<number, number>();
          for (const line of body.items) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
          let count = 0;
          let skipped = 0;
          for (const [productId, quantity] of merged) {
            // Quick add (spec §4, §8): out-of-stock products are left out and counted, not refused.
            if (parseStockLevel((await loadProduct(productId, tx)).stockLevel).kind === 'out_of_stock') {
              skipped += 1;
              continue;
            }
            await addLine(tx, actor, cartId, { productId, quantity });
            count += 1;
          }
          if (count > 0) {
            await activity.record(
              actor,
              {
                type: 'product_added',
                description: `${actor.username} added ${count} products to their cart`,
                metadata: { cartId, count, skipped },
              },
              tx,
            );
          }
          return { count, skipped };
        }),
      );
    },

    async setItemQuantity(
      actor: Actor,
      cartId: number,
      itemId: number,
      quantity: number,
    ): Promise<CartItemResponse> {
      return db.transaction(async (tx) => {
        await ownCart(actor, cartId, tx);
        const item = await repo.findCartItem(tx, cartId, itemId);
        if (!item) throw itemNotFound();
        const product = await loadProduct(item.productId, tx);
        const problem = lineQuantityProblem(product, quantity);
        if (problem) throw new HttpError(400, problem);
        const updated = await repo.setCartItemQuantity(tx, cartId, itemId, quantity);
        if (!updated) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          actor,
          {
            type: 'cart_updated',
            description: `${actor.username} set ${product.name} to ${quantity}`,
            metadata: { cartId, productId: product.id, quantity },
          },
          tx,
        );
        return updated;
      });
    },

    async removeItem(actor: Actor, cartId: number, itemId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await ownCart(actor, cartId, tx);
        const removed = await repo.deleteCartItem(tx, cartId, itemId);
        if (!removed) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          actor,
          {
            type: 'product_removed',
            description: `${actor.username} removed product ${removed.productId} from their cart`,
            metadata: { cartId, productId: removed.productId, quantity: removed.quantity },
          },
          tx,
        );
      });
    },

    async setMerchandise(
      actor: Actor,
      cartId: number,
      type: MerchandiseType,
      code: string,
      quantity: number,
    ) {
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(actor, cartId, tx);
          const known = await deps.merchandise.existingCodes(type, [code], tx);
          if (!known.has(code)) {
            if (await deps.merchandise.isDeactivated(type, code, tx)) throw new HttpError(400, noLongerAvailable(type, code));
            throw new HttpError(404, `${merchandiseList(type).singular} not found`);
          }
          await repo.setMerchandiseQuantity(tx, cartId, type, code, quantity);
          await repo.touchCart(tx, cartId);
          await activity.record(
            actor,
            { type: 'cart_updated', description: `${actor.username} set ${type} ${code} to ${quantity}`, metadata: { cartId, type, code, quantity } },
            tx,
          );
          return repo.merchandiseQuantities(tx, cartId, type, [code]);
        }),
      );
    },

    // ---- for the orders service, inside its transaction ----

    /** Serialises with cart switching and deletion for the rest of `tx`. */
    lockCarts: (tx: DbOrTx, userId: number) => repo.lockUserCarts(tx, userId),

    /** The user's active cart with its contents, or undefined. */
    async activeCartIn(tx: DbOrTx, userId: number): Promise<CartView | undefined> {
      const row = await repo.findActiveCart(tx, userId, { lock: true });
      if (!row) return undefined;
      const [cart] = await toCartViews(tx, catalogue, [row]);
      return cart;
    },

    /** Spec §4: a cart is cleared on a successful order. */
    async emptyCart(tx: DbOrTx, cartId: number): Promise<void> {
      await repo.clearCartContents(tx, cartId);
      await repo.touchCart(tx, cartId);
    },

    /**
     * Reorder: copies lines into the active cart as far as the catalogue allows
     * today. Lines that can no longer be ordered are skipped with a reason; a
     * line is cut down to what the stock still allows.
     */
    async reorderInto(
      tx: DbOrTx,
      actor: Actor,
      lines: readonly { productId: number; name: string; quantity: number }[],
      merchandiseLines: readonly { type: MerchandiseType; code: string; name: string; quantity: number }[],
    ): Promise<ReorderResult> {
      const active = await ensureActiveCart(actor.userId, tx);
      const cart = await ownCart(actor, active.id, tx);
      const added: ReorderResult['added'] = [];
      const skipped: ReorderResult['skipped'] = [];
      const products = new Map((await deps.products.summaries(lines.map((l) => l.productId), tx)).map((p) => [p.id, p]));
      for (const line of lines) {
        const product = products.get(line.productId);
        if (!product) {
          skipped.push({ name: line.name, reason: 'No longer in the catalogue' });
          continue;
        }
        const { orderable, maxQuantity: max } = parseStockLevel(product.stockLevel);
        if (!orderable) {
          skipped.push({ name: product.name, reason: unorderableShortReason(product.stockLevel) });
          continue;
        }
        const current = (await repo.findCartItemByProduct(tx, cart.id, product.id))?.quantity ?? 0;
        const quantity = Math.min(line.quantity, max - current);
        if (quantity <= 0) {
          skipped.push({ name: product.name, reason: 'Your cart already holds all the stock' });
          continue;
        }
        await repo.addToCartItem(tx, { userId: actor.userId, cartId: cart.id, productId: product.id, quantity, max });
        added.push({ name: product.name, quantity, requested: line.quantity });
      }
      for (const list of MERCHANDISE_LISTS) {
        const wanted = merchandiseLines.filter((m) => m.type === list.type);
        const known = await deps.merchandise.existingCodes(list.type, wanted.map((m) => m.code), tx);
        for (const entry of wanted) {
          if (!known.has(entry.code)) {
            skipped.push({ name: entry.name, reason: 'No longer available' });
            continue;
          }
          await repo.adjustMerchandiseQuantities(tx, cart.id, list.type, [entry.code], entry.quantity, MAX_LINE_QUANTITY);
          added.push({ name: entry.name, quantity: entry.quantity, requested: entry.quantity });
        }
      }
      await repo.touchCart(tx, cart.id);
      return { cartId: cart.id, added, skipped };
    },

    async adjustMerchandise(actor: Actor, cartId: number, body: AdjustMerchandiseBody, idempotencyKey?: string) {
      // Sorted, so parallel calls lock the entries in the same order.
      const codes = [...new Set(body.codes)].sort();
      return cartWrite(() =>
        writeOnce(actor, idempotencyOf(idempotencyKey, `adjust ${cartId}`, body), async (tx) => {
          await ownCart(actor, cartId, tx);
          await requireMerchandise(tx, body.type, codes);
          await repo.adjustMerchandiseQuantities(tx, cartId, body.type, codes, body.delta, MAX_LINE_QUANTITY);
          await repo.touchCart(tx, cartId);
          await activity.record(
            actor,
            {
              type: 'cart_updated',
              description: `${actor.username} changed ${codes.length} ${body.type} entries by ${body.delta}`,
              metadata: { cartId, type: body.type, codes: codes.slice(0, 50), delta: body.delta },
            },
            tx,
          );
          return repo.merchandiseQuantities(tx, cartId, body.type, codes);
        }),
      );
    },
  };
}

/** An admin deactivated the item (docs/decisions/0131): the cart refuses it and says why. */
function noLongerAvailable(type: MerchandiseType, code: string): string {
  return `${merchandiseList(type).singular} ${code} is no longer available`;
}
