import type { CartsQuery, CartView, createCartBody, QuickOrderPricesResponse, updateCartBody } from '@common/contracts/carts';
import { todayIn } from '@common/domain/business-days';
import { priceLines } from '../price-list';
import { CART_LIMIT_MESSAGES, MAX_CARTS_PER_USER } from '@common/domain/cart-limits';
import { CART_MESSAGES, MERCHANDISE_LISTS, nextDefaultCartName } from '@common/domain/cart-rules';
import type { z } from 'zod';
import { MAX_ID } from '@common/contracts/common';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { CartsDeps } from './deps';
import { cartNotFound, poLocked } from './errors';
import { COMPANY_PO_MESSAGES } from '@common/domain/company-orders';
import type { RequireMerchandise } from './merchandise-check';
import * as repo from './repository';
import { toCartViews, type CartCatalogue } from './view';
import { cartOwner } from './owner';

export type OwnCarts = ReturnType<typeof createOwnCarts>;

/** A page of the caller's carts and what the route puts in the paging headers. */
export interface CartPage {
  carts: CartView[];
  total: number;
  /** Where the next page starts, or null on the last page. */
  nextCursor: string | null;
}

/** The cursor is the last cart's place in the list's order, opaque to callers (base64url JSON). */
function encodeCursor(position: repo.CartPosition): string {
  return Buffer.from(JSON.stringify([position.isActive, position.lastModified, position.id])).toString('base64url');
}

/** PostgreSQL's UTC text with microseconds, as listCartPage writes it, and a real time since 1970 (no 30 February). */
function isStamp(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value)) return false;
  const millis = value.slice(0, 23);
  const date = new Date(`${millis}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1970 && date.toISOString().slice(0, 23) === millis;
}

/** A cursor this server wrote, else 400 (never a 500 from PostgreSQL reading a bad value). */
function decodeCursor(text: string): repo.CartPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [isActive, lastModified, id] = parsed as unknown[];
    if (typeof isActive === 'boolean' && isStamp(lastModified) && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID) {
      return { isActive, lastModified, id };
    }
  }
  throw new HttpError(400, CART_LIMIT_MESSAGES.badCursor, [{ path: 'cursor', message: CART_LIMIT_MESSAGES.badCursor }]);
}

/**
 * The caller's carts as a set (docs/product-decisions.md#carts-and-orders): one is
 * active, they have unique names, they are created, renamed, switched, cleared and deleted.
 * Every call is scoped to the caller: another user's cart answers 404, never their data.
 */
export function createOwnCarts({ db, activity, products, merchandise, orders, today }: CartsDeps, requireMerchandise: RequireMerchandise) {
  const catalogue: CartCatalogue = { products, merchandise, today };

  /** A new active PO named "Purchase Order N", N the first number no PO or order of the user carries (docs/decisions/0213). Call under lockUserCarts. */
  async function insertDefaultCart(tx: DbOrTx, owner: repo.CartOwner): Promise<repo.CartRow> {
    const ownNames = await repo.defaultNamesInUse(tx, owner);
    const name = nextDefaultCartName([...ownNames, ...(await orders.defaultPoNames(tx, repo.ownerUserId(owner)))]);
    return repo.insertCart(tx, owner, { name, isActive: true });
  }

  /**
   * One active cart, created when missing; else the first cart becomes active. It creates
   * one only when the user has no cart at all, so it never meets the cap (ADR 0179) and never
   * stands in the way of an add, a reorder or a login.
   */
  async function ensureActiveCart(userId: repo.CartOwner, tx?: DbOrTx): Promise<repo.CartRow> {
    const existing = await repo.findActiveCart(tx ?? db, userId);
    if (existing) return existing;
    const run = async (t: DbOrTx) => {
      await repo.lockUserCarts(t, userId);
      const active = await repo.findActiveCart(t, userId);
      if (active) return active;
      const first = await repo.firstCartId(t, userId);
      if (first === undefined) return insertDefaultCart(t, userId);
      await repo.activateCart(t, userId, first);
      const activated = await repo.findActiveCart(t, userId);
      if (!activated) throw new Error('no active cart after activation');
      return activated;
    };
    return tx ? run(tx) : db.transaction(run);
  }

  /**
   * After the active PO is placed or deleted (ADR 0189): the most recently changed other PO
   * becomes active, or a fresh "Purchase Order N" when none is left. Call under lockUserCarts.
   */
  async function activateMostRecent(tx: DbOrTx, userId: repo.CartOwner): Promise<void> {
    const next = await repo.mostRecentCartId(tx, userId);
    if (next === undefined) await insertDefaultCart(tx, userId);
    else await repo.activateCart(tx, userId, next);
  }

  /**
   * The caller's cart; inside a transaction (tx given) its row is locked first (see repository lock
   * order) and, unless `edit` is false, a PO waiting for approval is refused (locked, docs/decisions/0233).
   * `shared`: a PO the owner shared with the caller's company is reached too (view and add).
   */
  async function ownCart(actor: Actor, cartId: number, tx?: DbOrTx, options: { shared?: boolean; edit?: boolean } = {}): Promise<repo.CartRow> {
    const sharedIn = options.shared ? (actor.companyId ?? null) : null;
    const cart = await repo.findOwnCart(tx ?? db, cartOwner(actor), cartId, { lock: tx !== undefined, sharedIn });
    if (!cart) throw cartNotFound();
    if (tx !== undefined && options.edit !== false && cart.approvalStatus === 'pending') throw poLocked();
    return cart;
  }

  /** Names the owner of POs that are not the caller's (shared POs, the approvals list). */
  async function withOwners(actor: Actor, views: CartView[]): Promise<CartView[]> {
    const others = [...new Set(views.filter((v) => v.userId !== actor.userId).map((v) => v.userId))];
    if (others.length === 0) return views;
    const names = await repo.ownerNames(db, others);
    return views.map((v) => (v.userId === actor.userId ? v : { ...v, ownerName: names.get(v.userId) ?? `User ${v.userId}` }));
  }

  /** PO names are unique per user, ignoring case ("Kitchen" and "kitchen" are one name). */
  async function assertNameFree(tx: DbOrTx, userId: repo.CartOwner, name: string, exceptCartId?: number) {
    if (await repo.findCartNamed(tx, userId, name, exceptCartId)) {
      const message = CART_MESSAGES.nameTaken(name.trim());
      throw new HttpError(409, message, [{ path: 'name', message }]);
    }
  }

  async function view(actor: Actor, cartId: number): Promise<CartView> {
    const [cart] = await toCartViews(db, catalogue, [await ownCart(actor, cartId, undefined, { shared: true })]);
    if (!cart) throw cartNotFound();
    const [named] = await withOwners(actor, [cart]);
    return named!;
  }

  return {
    ensureActiveCart,
    ownCart,
    view,
    assertNameFree,

    /**
     * A page of the caller's carts with their contents (the client reads the active cart's lines
     * from this list), the active one first so the first page always holds it (ADR 0179).
     */
    async list(actor: Actor, query: CartsQuery): Promise<CartPage> {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      await ensureActiveCart(cartOwner(actor));
      // One row more than the page says whether another page follows.
      const { rows, total } = await repo.listCartPage(db, cartOwner(actor), after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        carts: await toCartViews(db, catalogue, page.map((r) => r.cart)),
        total,
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.position) : null,
      };
    },

    /** The quick order pad's lines priced for the caller (docs/decisions/0233): the one rule at each line's quantity. */
    async priceLinesFor(actor: Actor, items: readonly { productId: number; quantity: number }[]): Promise<QuickOrderPricesResponse> {
      const found = new Map((await products.summaries([...new Set(items.map((i) => i.productId))], db)).map((p) => [p.id, p]));
      const known = items.filter((i) => found.has(i.productId));
      const companyId = actor.role === 'bold_customer' ? (actor.companyId ?? null) : null;
      const prices = await priceLines(
        db,
        companyId,
        known.map((i) => ({ productId: i.productId, quantity: i.quantity, basePrice: found.get(i.productId)!.price })),
        today?.() ?? todayIn(),
      );
      return { lines: known.map((i, index) => ({ ...i, price: prices[index]!.price, basePrice: prices[index]!.basePrice, priceSource: prices[index]!.source })) };
    },

    /** The company's POs its other buyers shared with it (docs/decisions/0233); empty outside a company. */
    async listShared(actor: Actor): Promise<CartView[]> {
      if (!actor.companyId) return [];
      const rows = await repo.listSharedCarts(db, actor.companyId, actor.userId);
      return withOwners(actor, await toCartViews(db, catalogue, rows));
    },

    async create(actor: Actor, body: z.infer<typeof createCartBody>): Promise<CartView> {
      if (body.userId !== undefined && body.userId !== actor.userId) {
        throw new HttpError(403, 'You can only create carts for yourself');
      }
      // A salesperson has no cart switching, so one sample order.
      if (actor.role === 'salesperson') throw new HttpError(403, CART_MESSAGES.oneSampleOrder);
      const owner = cartOwner(actor);
      const cart = await db.transaction(async (tx) => {
        // Under the lock every path that adds a cart takes, so two creates at 49 cannot both pass.
        await repo.lockUserCarts(tx, owner);
        if ((await repo.countCarts(tx, owner)) >= MAX_CARTS_PER_USER) throw new HttpError(409, CART_LIMIT_MESSAGES.tooMany);
        await assertNameFree(tx, owner, body.name);
        const hasActive = (await repo.findActiveCart(tx, owner)) !== undefined;
        // Creating a PO makes it the one you work on (spec/decisions.md turn 3, ADR 0189); `isActive: false` keeps the old one.
        const makeActive = body.isActive !== false || !hasActive;
        const created = await repo.insertCart(tx, owner, { name: body.name, isActive: false });
        if (makeActive) await repo.activateCart(tx, owner, created.id);
        await activity.record(
          actor,
          { type: 'cart_created', description: `${actor.username} created cart "${body.name}"`, metadata: { cartId: created.id } },
          tx,
        );
        return created;
      });
      return view(actor, cart.id);
    },

    /** Rename, switch to, and replace whole merchandise lists (PATCH with arrays), in one transaction. */
    async update(actor: Actor, cartId: number, body: z.infer<typeof updateCartBody>): Promise<CartView> {
      const owner = cartOwner(actor);
      await db.transaction(async (tx) => {
        if (body.isActive || body.name !== undefined) await repo.lockUserCarts(tx, owner);
        // Switching to a PO or sharing it is not an edit of its contents: a pending PO allows both.
        const edits = body.name !== undefined || MERCHANDISE_LISTS.some((list) => body[list.key] !== undefined);
        const cart = await ownCart(actor, cartId, tx, { edit: edits });
        if (body.sharedWithCompany !== undefined) {
          if (!cart.companyId) throw new HttpError(400, COMPANY_PO_MESSAGES.notInCompany, [{ path: 'sharedWithCompany', message: COMPANY_PO_MESSAGES.notInCompany }]);
          await repo.setSharing(tx, cart.id, body.sharedWithCompany);
        }
        if (body.name !== undefined) {
          await assertNameFree(tx, owner, body.name, cart.id);
          await repo.renameCart(tx, cart.id, body.name);
        }
        if (body.isActive) await repo.activateCart(tx, owner, cart.id);
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
            metadata: {
              cartId: cart.id,
              renamed: body.name !== undefined,
              activated: body.isActive === true,
              lists: changedLists,
              ...(body.sharedWithCompany !== undefined ? { sharedWithCompany: body.sharedWithCompany } : {}),
            },
          },
          tx,
        );
      });
      return view(actor, cartId);
    },

    /** Deletes a cart; if it was active, the most recently changed other cart (or a new default one) takes over (ADR 0189). */
    async remove(actor: Actor, cartId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const owner = cartOwner(actor);
        await repo.lockUserCarts(tx, owner);
        const cart = await ownCart(actor, cartId, tx);
        await repo.deleteCart(tx, owner, cart.id);
        if (cart.isActive) await activateMostRecent(tx, owner);
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

    // ---- for the orders service, inside its transaction ----

    /** Serialises with cart switching and deletion for the rest of `tx`. */
    lockCarts: (tx: DbOrTx, owner: repo.CartOwner) => repo.lockUserCarts(tx, owner),

    /** The user's active cart with its contents, or undefined. */
    async activeCartIn(tx: DbOrTx, userId: repo.CartOwner): Promise<CartView | undefined> {
      const row = await repo.findActiveCart(tx, userId, { lock: true });
      if (!row) return undefined;
      const [cart] = await toCartViews(tx, catalogue, [row]);
      return cart;
    },

    /**
     * A placed PO leaves Current POs (spec/decisions.md turn 3, ADR 0189): it is now an order. The
     * cart goes, and the most recently changed other PO, or a fresh "Purchase Order N", becomes
     * active. Call under lockCarts, in the order's transaction.
     */
    async retirePlacedCart(tx: DbOrTx, userId: repo.CartOwner, cartId: number): Promise<void> {
      await repo.deleteCart(tx, userId, cartId);
      await activateMostRecent(tx, userId);
    },

    // ---- approvals (docs/decisions/0233), for the orders service inside its transaction ----

    /** The PO submitted: pending, locked, the checkout kept for the approval. */
    async submitForApproval(tx: DbOrTx, cartId: number, checkout: Record<string, unknown>): Promise<void> {
      await repo.setApproval(tx, cartId, { approvalStatus: 'pending', approvalNote: null, submittedAt: new Date(), submittedCheckout: checkout });
    },

    /** Sent back to its owner with the note; the owner can edit and submit again. */
    async returnToOwner(tx: DbOrTx, cartId: number, note: string): Promise<void> {
      await repo.setApproval(tx, cartId, { approvalStatus: 'returned', approvalNote: note, submittedAt: null, submittedCheckout: null });
    },

    /** A company's PO as its view, with the row (its owner, status and submitted checkout); locked inside a transaction. */
    async companyCart(executor: DbOrTx, companyId: number, cartId: number): Promise<{ row: repo.CartRow; view: CartView } | undefined> {
      const row = await repo.findCompanyCart(executor, companyId, cartId, { lock: executor !== db });
      if (!row) return undefined;
      const [cartView] = await toCartViews(executor, catalogue, [row]);
      return cartView ? { row, view: cartView } : undefined;
    },

    /** The company's POs waiting for approval, with their owners' names. */
    async pendingOf(actor: Actor, companyId: number): Promise<CartView[]> {
      return withOwners(actor, await toCartViews(db, catalogue, await repo.listPendingCarts(db, companyId)));
    },

    /**
     * An approved PO becomes an order: the cart goes; when it was the owner's active PO, the most
     * recently changed other PO (or a fresh one) takes over. Call under lockCarts(owner).
     */
    async retireApprovedCart(tx: DbOrTx, ownerId: number, cartId: number, wasActive: boolean): Promise<void> {
      await repo.deleteCart(tx, ownerId, cartId);
      if (wasActive) await activateMostRecent(tx, ownerId);
    },

    /** A cart is cleared on a successful order (the salesperson's one sample order stays). */
    async emptyCart(tx: DbOrTx, cartId: number, nextName?: string): Promise<void> {
      await repo.clearCartContents(tx, cartId);
      // The sample cart takes the next sample order's name ("Sample Order #N", ADR 0189).
      if (nextName !== undefined) await repo.renameCart(tx, cartId, nextName);
      else await repo.touchCart(tx, cartId);
    },
  };
}
