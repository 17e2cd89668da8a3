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
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { RequestUser } from '../../plugins/access';
import type { ActivityService } from '../activity/service';
import * as repo from './repository';
import { toCartViews } from './view';

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

/**
 * Carts (spec §3, §4; decisions.md "Carts and orders"). Every call is scoped to
 * the caller: another user's cart answers 404, never their data. Contents change
 * through single atomic statements so two tabs never lose an update.
 */
export function createCartsService(deps: { db: Db; activity: ActivityService }) {
  const { db, activity } = deps;

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
  async function ownCart(user: RequestUser, cartId: number, tx?: DbOrTx): Promise<repo.CartRow> {
    const cart = await repo.findOwnCart(tx ?? db, user.id, cartId, { lock: tx !== undefined });
    if (!cart) throw cartNotFound();
    return cart;
  }

  async function loadProduct(productId: number, tx: DbOrTx = db) {
    const product = await repo.findProduct(tx, productId);
    if (!product) throw new HttpError(404, CART_MESSAGES.productNotFound);
    return product;
  }

  /** Checks that every code exists for its type; refuses the first unknown one. */
  async function requireMerchandise(tx: DbOrTx, type: MerchandiseType, codes: readonly string[]) {
    const known = await repo.existingMerchandiseCodes(tx, type, codes);
    const unknown = codes.find((code) => !known.has(code));
    if (unknown !== undefined) throw new HttpError(400, `Unknown ${merchandiseList(type).singular.toLowerCase()}: ${unknown}`);
  }

  /** Adds within the caller's transaction; throws the spec's message when the product may not be added. */
  async function addLine(
    tx: DbOrTx,
    user: RequestUser,
    cartId: number,
    body: AddCartItemBody,
  ): Promise<CartItemResponse & { productName: string }> {
    const product = await loadProduct(body.productId, tx);
    const reason = unorderableReason(product) ?? lineQuantityProblem(product, body.quantity);
    if (reason) throw new HttpError(400, reason);
    const max = parseStockLevel(product.stockLevel).maxQuantity;
    const result = await repo.addToCartItem(tx, { userId: user.id, cartId, productId: product.id, quantity: body.quantity, max });
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

  async function view(user: RequestUser, cartId: number): Promise<CartView> {
    const [cart] = await toCartViews(db, [await ownCart(user, cartId)]);
    if (!cart) throw cartNotFound();
    return cart;
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

  return {
    ensureActiveCart: (userId: number) => ensureActiveCart(userId).then(() => undefined),
    ensureActiveCartIn: ensureActiveCart,

    async list(user: RequestUser): Promise<CartView[]> {
      await ensureActiveCart(user.id);
      return toCartViews(db, await repo.listCartRows(db, user.id));
    },

    view,

    async create(request: FastifyRequest, user: RequestUser, body: z.infer<typeof createCartBody>): Promise<CartView> {
      if (body.userId !== undefined && body.userId !== user.id) {
        throw new HttpError(403, 'You can only create carts for yourself');
      }
      const cart = await db.transaction(async (tx) => {
        await repo.lockUserCarts(tx, user.id);
        const hasActive = (await repo.findActiveCart(tx, user.id)) !== undefined;
        const makeActive = body.isActive === true || !hasActive;
        const created = await repo.insertCart(tx, { userId: user.id, name: body.name, isActive: false });
        if (makeActive) await repo.activateCart(tx, user.id, created.id);
        await activity.record(
          request,
          { type: 'cart_created', description: `${user.username} created cart "${body.name}"`, metadata: { cartId: created.id } },
          tx,
        );
        return created;
      });
      return view(user, cart.id);
    },

    async update(request: FastifyRequest, user: RequestUser, cartId: number, body: z.infer<typeof updateCartBody>): Promise<CartView> {
      await db.transaction(async (tx) => {
        if (body.isActive) await repo.lockUserCarts(tx, user.id);
        const cart = await ownCart(user, cartId, tx);
        if (body.name !== undefined) await repo.renameCart(tx, cart.id, body.name);
        if (body.isActive) await repo.activateCart(tx, user.id, cart.id);
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
          request,
          {
            type: 'cart_updated',
            description: body.isActive ? `${user.username} switched to cart "${cart.name}"` : `${user.username} updated cart "${cart.name}"`,
            metadata: { cartId: cart.id, renamed: body.name !== undefined, activated: body.isActive === true, lists: changedLists },
          },
          tx,
        );
      });
      return view(user, cartId);
    },

    /** Deletes a cart; if it was active, the first remaining cart (or a new default one) takes over. */
    async remove(request: FastifyRequest, user: RequestUser, cartId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockUserCarts(tx, user.id);
        const cart = await ownCart(user, cartId, tx);
        await repo.deleteCart(tx, user.id, cart.id);
        if (cart.isActive) await ensureActiveCart(user.id, tx);
        await activity.record(
          request,
          { type: 'cart_updated', description: `${user.username} deleted cart "${cart.name}"`, metadata: { cartId, deleted: true } },
          tx,
        );
      });
    },

    async clear(request: FastifyRequest, user: RequestUser, cartId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const cart = await ownCart(user, cartId, tx);
        await repo.clearCartContents(tx, cart.id);
        await repo.touchCart(tx, cart.id);
        await activity.record(
          request,
          { type: 'cart_cleared', description: `${user.username} cleared cart "${cart.name}"`, metadata: { cartId } },
          tx,
        );
      });
    },

    async addItem(request: FastifyRequest, user: RequestUser, cartId: number, body: AddCartItemBody): Promise<CartItemResponse> {
      return cartWrite(() =>
        db.transaction(async (tx) => {
          const { productName, ...item } = await addLine(tx, user, cartId, body);
          await activity.record(
            request,
            {
              type: 'product_added',
              description: `${user.username} added ${body.quantity} x ${productName} to their cart`,
              metadata: { cartId, productId: body.productId, quantity: body.quantity },
            },
            tx,
          );
          return item;
        }),
      );
    },

    /** Quick add: every line is checked; one bad line refuses them all. */
    async addItems(request: FastifyRequest, user: RequestUser, cartId: number, body: BulkAddBody): Promise<BulkAddResponse> {
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(user, cartId, tx);
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
            await addLine(tx, user, cartId, { productId, quantity });
            count += 1;
          }
          if (count > 0) {
            await activity.record(
              request,
              {
                type: 'product_added',
                description: `${user.username} added ${count} products to their cart`,
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
      request: FastifyRequest,
      user: RequestUser,
      cartId: number,
      itemId: number,
      quantity: number,
    ): Promise<CartItemResponse> {
      return db.transaction(async (tx) => {
        await ownCart(user, cartId, tx);
        const item = await repo.findCartItem(tx, cartId, itemId);
        if (!item) throw itemNotFound();
        const product = await loadProduct(item.productId, tx);
        const problem = lineQuantityProblem(product, quantity);
        if (problem) throw new HttpError(400, problem);
        const updated = await repo.setCartItemQuantity(tx, cartId, itemId, quantity);
        if (!updated) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          request,
          {
            type: 'cart_updated',
            description: `${user.username} set ${product.name} to ${quantity}`,
            metadata: { cartId, productId: product.id, quantity },
          },
          tx,
        );
        return updated;
      });
    },

    async removeItem(request: FastifyRequest, user: RequestUser, cartId: number, itemId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await ownCart(user, cartId, tx);
        const removed = await repo.deleteCartItem(tx, cartId, itemId);
        if (!removed) throw itemNotFound();
        await repo.touchCart(tx, cartId);
        await activity.record(
          request,
          {
            type: 'product_removed',
            description: `${user.username} removed product ${removed.productId} from their cart`,
            metadata: { cartId, productId: removed.productId, quantity: removed.quantity },
          },
          tx,
        );
      });
    },

    async setMerchandise(
      request: FastifyRequest,
      user: RequestUser,
      cartId: number,
      type: MerchandiseType,
      code: string,
      quantity: number,
    ) {
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(user, cartId, tx);
          const known = await repo.existingMerchandiseCodes(tx, type, [code]);
          if (!known.has(code)) throw new HttpError(404, `${merchandiseList(type).singular} not found`);
          await repo.setMerchandiseQuantity(tx, cartId, type, code, quantity);
          await repo.touchCart(tx, cartId);
          await activity.record(
            request,
            { type: 'cart_updated', description: `${user.username} set ${type} ${code} to ${quantity}`, metadata: { cartId, type, code, quantity } },
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
      const [cart] = await toCartViews(tx, [row]);
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
      user: RequestUser,
      lines: readonly { productId: number; name: string; quantity: number }[],
      merchandiseLines: readonly { type: MerchandiseType; code: string; name: string; quantity: number }[],
    ): Promise<ReorderResult> {
      const active = await ensureActiveCart(user.id, tx);
      const cart = await ownCart(user, active.id, tx);
      const added: ReorderResult['added'] = [];
      const skipped: ReorderResult['skipped'] = [];
      const products = new Map((await repo.findProducts(tx, lines.map((l) => l.productId))).map((p) => [p.id, p]));
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
        await repo.addToCartItem(tx, { userId: user.id, cartId: cart.id, productId: product.id, quantity, max });
        added.push({ name: product.name, quantity, requested: line.quantity });
      }
      for (const list of MERCHANDISE_LISTS) {
        const wanted = merchandiseLines.filter((m) => m.type === list.type);
        const known = await repo.existingMerchandiseCodes(tx, list.type, wanted.map((m) => m.code));
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

    async adjustMerchandise(request: FastifyRequest, user: RequestUser, cartId: number, body: AdjustMerchandiseBody) {
      // Sorted, so parallel calls lock the entries in the same order.
      const codes = [...new Set(body.codes)].sort();
      return cartWrite(() =>
        db.transaction(async (tx) => {
          await ownCart(user, cartId, tx);
          await requireMerchandise(tx, body.type, codes);
          await repo.adjustMerchandiseQuantities(tx, cartId, body.type, codes, body.delta, MAX_LINE_QUANTITY);
          await repo.touchCart(tx, cartId);
          await activity.record(
            request,
            {
              type: 'cart_updated',
              description: `${user.username} changed ${codes.length} ${body.type} entries by ${body.delta}`,
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
