import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NAME_SQL_PATTERN, type MerchandiseType } from '@common/domain/cart-rules';
import type { DbOrTx } from '../../db/client';
import { cartItems, cartMerchandise, carts } from '../../db/schema';
import { productAsSeenSql } from '../products';
import { userNames } from '../users';
import { displayName } from '@common/domain/display-name';

export type CartRow = typeof carts.$inferSelect;

/**
 * Whose carts a call reaches: a user's (a dealer: all of them), or, for an account that may order
 * for dealers, its carts for one company, or its own (company null) when not acting for any
 * (docs/decisions/0235). A rep keeps separate POs per dealer and a sample cart of their own.
 */
export type CartOwner = number | { userId: number; companyId: number | null };

export function ownerUserId(owner: CartOwner): number {
  return typeof owner === 'number' ? owner : owner.userId;
}

function owns(owner: CartOwner): SQL {
  if (typeof owner === 'number') return eq(carts.userId, owner);
  return and(eq(carts.userId, owner.userId), owner.companyId === null ? isNull(carts.companyId) : eq(carts.companyId, owner.companyId))!;
}

/** The add statement's own-cart condition for an owner (placeholders `scoped`, `ownCompanyId`). */
export function ownerScope(owner: CartOwner): { scoped: boolean; ownCompanyId: number | null } {
  return typeof owner === 'number' ? { scoped: false, ownCompanyId: null } : { scoped: true, ownCompanyId: owner.companyId };
}

/** Key of the per-user advisory lock that serialises changes to which carts exist and which is active. */
const CART_SET_LOCK = 4_401;

/**
 * Serialises cart creation, switching and deletion per user for the rest of the
 * transaction, so two tabs cannot both activate a cart (the partial unique
 * index would refuse the second with an error instead of a clear answer).
 */
export async function lockUserCarts(tx: DbOrTx, owner: CartOwner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_SET_LOCK}, ${ownerUserId(owner)})`);
}

/*
 * Lock order, to rule out deadlocks: a transaction that changes a cart's
 * contents first locks the cart row (FOR NO KEY UPDATE, which still lets
 * foreign-key checks through), then touches item or merchandise rows.
 * Deleting a cart locks the cart row first too, so the two queue up.
 */

export async function findActiveCart(db: DbOrTx, owner: CartOwner, options: { lock?: boolean } = {}): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(and(owns(owner), eq(carts.isActive, true)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

export async function findOwnCart(
  db: DbOrTx,
  owner: CartOwner,
  cartId: number,
  options: { lock?: boolean; sharedIn?: number | null } = {},
): Promise<CartRow | undefined> {
  // `sharedIn`: a company's buyer reaches its shared POs too (docs/decisions/0233).
  const reach = options.sharedIn
    ? or(owns(owner), and(eq(carts.sharedWithCompany, true), eq(carts.companyId, options.sharedIn)))
    : owns(owner);
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), reach));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

/**
 * Where a page of the list stopped: the last cart's place in the list's order. `lastModified`
 * is PostgreSQL's text with microseconds (JavaScript dates drop them), so carts changed in the
 * same millisecond are neither skipped nor repeated.
 */
export interface CartPosition {
  isActive: boolean;
  lastModified: string;
  id: number;
}

/**
 * A page of the user's carts: the active one first, then most recently changed first (id breaks
 * ties), after `after` when given; with each row's position, and the number of carts in all.
 */
export async function listCartPage(
  db: DbOrTx,
  owner: CartOwner,
  after: CartPosition | undefined,
  limit: number,
): Promise<{ rows: { cart: CartRow; position: CartPosition }[]; total: number }> {
  const where = and(
    owns(owner),
    after
      ? sql`(${carts.isActive}, ${carts.lastModified}, ${carts.id}) < (${after.isActive}::boolean, ${after.lastModified}::timestamptz, ${after.id}::integer)`
      : undefined,
  );
  const stamp = sql<string>`to_char(${carts.lastModified} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const [rows, total] = await Promise.all([
    db
      .select({ cart: carts, stamp })
      .from(carts)
      .where(where)
      .orderBy(desc(carts.isActive), desc(carts.lastModified), desc(carts.id))
      .limit(limit),
    countCarts(db, owner),
  ]);
  return { rows: rows.map((r) => ({ cart: r.cart, position: { isActive: r.cart.isActive, lastModified: r.stamp, id: r.cart.id } })), total };
}

/** How many carts the user keeps (the cap, ADR 0179). Under lockUserCarts the answer holds until commit. */
export async function countCarts(db: DbOrTx, owner: CartOwner): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(carts).where(owns(owner));
  return row?.n ?? 0;
}

/** The names of the user's carts (reorder picks a free one, docs/decisions/0208). Call under lockUserCarts. */
export async function cartNames(db: DbOrTx, owner: CartOwner): Promise<string[]> {
  const rows = await db.select({ name: carts.name }).from(carts).where(owns(owner));
  return rows.map((r) => r.name);
}

/** The default-looking names ("Purchase Order N") of the user's POs (docs/decisions/0213). Call under lockUserCarts. */
export async function defaultNamesInUse(db: DbOrTx, owner: CartOwner): Promise<string[]> {
  const rows = await db
    .select({ name: carts.name })
    .from(carts)
    .where(and(owns(owner), sql`${carts.name} ~* ${DEFAULT_NAME_SQL_PATTERN}`));
  return rows.map((r) => r.name);
}

/** Another cart of the user with this name, ignoring case and surrounding spaces. Call under lockUserCarts. */
export async function findCartNamed(db: DbOrTx, owner: CartOwner, name: string, exceptCartId?: number): Promise<CartRow | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(
      and(
        owns(owner),
        sql`lower(btrim(${carts.name})) = lower(btrim(${name}))`,
        exceptCartId === undefined ? undefined : sql`${carts.id} <> ${exceptCartId}`,
      ),
    )
    .limit(1);
  return row;
}

/** With no active cart, the first cart the user owns becomes active. */
export async function firstCartId(db: DbOrTx, owner: CartOwner): Promise<number | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(owns(owner))
    .orderBy(asc(carts.createdAt), asc(carts.id))
    .limit(1);
  return row?.id;
}

/** The user's most recently changed cart (id breaks ties): who becomes active after a placed or deleted PO (ADR 0189). */
export async function mostRecentCartId(db: DbOrTx, owner: CartOwner): Promise<number | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(owns(owner))
    .orderBy(desc(carts.lastModified), desc(carts.id))
    .limit(1);
  return row?.id;
}

/** Copies every product line and merchandise entry of one cart into another, empty, cart (Duplicate). */
export async function copyCartContents(tx: DbOrTx, fromCartId: number, toCartId: number): Promise<void> {
  await tx.execute(sql`insert into ${cartItems} (cart_id, product_id, quantity)
    select ${toCartId}, product_id, quantity from ${cartItems} where cart_id = ${fromCartId} order by created_at, id`);
  await tx.execute(sql`insert into ${cartMerchandise} (cart_id, type, code, quantity)
    select ${toCartId}, type, code, quantity from ${cartMerchandise} where cart_id = ${fromCartId}`);
}

/** Locks the user's carts of `ids` in id order (the lock order above, for moves between two carts). */
export async function lockOwnCarts(tx: DbOrTx, owner: CartOwner, ids: readonly number[]): Promise<CartRow[]> {
  return tx
    .select()
    .from(carts)
    .where(and(owns(owner), inArray(carts.id, [...ids])))
    .orderBy(asc(carts.id))
    .for('no key update');
}

export async function insertCart(db: DbOrTx, owner: CartOwner, values: { name: string; isActive: boolean }): Promise<CartRow> {
  // A new PO belongs to its owner's company (docs/decisions/0233), or the company a rep acts for
  // (docs/decisions/0235); null for everyone outside one.
  const companyId =
    typeof owner === 'number' ? sql<number | null>`(select u.company_id from users u where u.id = ${owner})` : owner.companyId;
  const [row] = await db
    .insert(carts)
    .values({ ...values, userId: ownerUserId(owner), companyId })
    .returning();
  if (!row) throw new Error('cart not created');
  return row;
}

/** Makes one cart the user's only active cart. Call under lockUserCarts. */
export async function activateCart(tx: DbOrTx, owner: CartOwner, cartId: number): Promise<void> {
  await tx
    .update(carts)
    .set({ isActive: false })
    .where(and(owns(owner), eq(carts.isActive, true), sql`${carts.id} <> ${cartId}`));
  await tx
    .update(carts)
    .set({ isActive: true })
    .where(and(eq(carts.id, cartId), owns(owner)));
}

export async function renameCart(db: DbOrTx, cartId: number, name: string): Promise<void> {
  await db.update(carts).set({ name, lastModified: new Date() }).where(eq(carts.id, cartId));
}

export async function touchCart(db: DbOrTx, cartId: number): Promise<void> {
  await db.update(carts).set({ lastModified: new Date() }).where(eq(carts.id, cartId));
}

export async function deleteCart(db: DbOrTx, owner: CartOwner, cartId: number): Promise<boolean> {
  const deleted = await db
    .delete(carts)
    .where(and(eq(carts.id, cartId), owns(owner)))
    .returning({ id: carts.id });
  return deleted.length > 0;
}

/** Empties all five lists (Clear Cart; also after a successful order). */
export async function clearCartContents(db: DbOrTx, cartId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await db.delete(cartMerchandise).where(eq(cartMerchandise.cartId, cartId));
}

// ---- contents ----

export async function listCartItems(db: DbOrTx, cartIds: readonly number[]) {
  if (cartIds.length === 0) return [];
  return db
    .select({
      id: cartItems.id,
      cartId: cartItems.cartId,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      createdAt: cartItems.createdAt,
    })
    .from(cartItems)
    .where(inArray(cartItems.cartId, [...cartIds]))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function listCartMerchandise(db: DbOrTx, cartIds: readonly number[]) {
  if (cartIds.length === 0) return [];
  return db
    .select({
      cartId: cartMerchandise.cartId,
      type: cartMerchandise.type,
      code: cartMerchandise.code,
      quantity: cartMerchandise.quantity,
    })
    .from(cartMerchandise)
    .where(inArray(cartMerchandise.cartId, [...cartIds]));
}

export type CartMerchandiseRow = Awaited<ReturnType<typeof listCartMerchandise>>[number];

export interface UpsertResult {
  /**
   * False when `seen` was given and the product no longer has that name and stock level (or is
   * gone): nothing was written, and `owned` says nothing. Always true without `seen`.
   */
  asSeen: boolean;
  /** The cart exists and belongs to the user. */
  owned: boolean;
  /** The line after the add; undefined when the new total would pass `max`. */
  item?: { id: number; cartId: number; productId: number; quantity: number };
}

type AddArgs = {
  userId: number;
  /** The adder's company: a PO shared with it may be added to (null: own POs only). */
  companyId: number | null;
  /** true: only the adder's carts of `ownCompanyId` are their own (a rep, docs/decisions/0235; ownerScope). */
  scoped: boolean;
  ownCompanyId: number | null;
  cartId: number;
  productId: number;
  quantity: number;
  max: number;
  /**
   * The add's activity row, as the activity module's JSON document (activityDocument), written
   * by its database function record_activity in this same statement only when the line grew;
   * null writes none (the quick add and reorder write one row for the whole call).
   */
  activity: string | null;
  /**
   * The name and stock level the caller checked its rules against, when they came from the
   * products service's remembered summary: the statement then acts only if the products module's
   * condition productAsSeenSql confirms them. Null for a product read just now.
   */
  seenName: string | null;
  seenStockLevel: string | null;
};

const value = (name: keyof AddArgs) => sql.placeholder(name);

/**
 * The one statement that grows a cart line (the add, the quick add and reorder, ADR 0174): the
 * cart row locked if the user owns it (FOR NO KEY UPDATE, the lock order above), a new line or
 * the existing line raised by `quantity` (ON CONFLICT makes the read-and-add atomic, so parallel
 * adds never lose an update; its WHERE keeps the total within `max`, the stock), the cart's
 * last-modified time, and, when the line grew and `activity` is not null, the activity row through
 * the activity module's function `record_activity(jsonb)`. Everything commits together: in
 * autocommit it is its own transaction, in the caller's transaction it is part of it. With
 * `seenName`/`seenStockLevel` it first asks the products module's condition `productAsSeenSql`
 * (modules/products/stock-level-sql.ts) and does nothing at all unless the product is still so.
 *
 * Prepared under one name through drizzle's public `.prepare()` with placeholders: PostgreSQL
 * parses and plans it once per connection, later runs send only the values. Built on the
 * caller's executor, because a transaction runs on its own connection.
 */
function addStatement(db: DbOrTx) {
  const checked = db.$with('checked', { ok: sql<boolean>`ok`.as('ok') }).as(
    sql`select ${value('seenName')}::text is null or ${productAsSeenSql(sql`${value('productId')}::integer`, sql`${value('seenName')}::text`, sql`${value('seenStockLevel')}::text`)} as ok`,
  );
  const owned = db
    .$with('owned', { id: sql<number>`id`.as('id') })
    .as(
      // The owner's PO, or a PO shared with the adder's company (docs/decisions/0233); never one waiting for approval.
      sql`select id from ${carts} where id = ${value('cartId')}
        and ((user_id = ${value('userId')} and (not ${value('scoped')}::boolean or company_id is not distinct from ${value('ownCompanyId')}::integer))
          or (shared_with_company and company_id = ${value('companyId')}::integer))
        and approval_status is distinct from 'pending'
        and (select ok from checked) for no key update`,
    );
  const upsert = db.$with('upsert', { id: sql<number>`id`.as('id'), quantity: sql<number>`quantity`.as('quantity') }).as(sql`
    insert into ${cartItems} (cart_id, product_id, quantity)
    select id, ${value('productId')}, ${value('quantity')} from owned
    on conflict (cart_id, product_id) do update
      set quantity = ${cartItems}.quantity + excluded.quantity
      where ${cartItems}.quantity + excluded.quantity <= ${value('max')}
    returning id, quantity`);
  const touched = db
    .$with('touched', { id: sql<number>`id`.as('id') })
    .as(sql`update ${carts} set last_modified = now() where id in (select id from owned) and exists (select 1 from upsert) returning id`);
  // A plain SELECT in WITH runs only when the main query reads it: the main query reads `logged`.
  const logged = db
    .$with('logged', { id: sql<number>`id`.as('id') })
    .as(
      sql`select record_activity(entry) as id from (select ${value('activity')}::jsonb as entry) as given
        where entry is not null and exists (select 1 from upsert)`,
    );
  return db
    .with(checked, owned, upsert, touched, logged)
    .select({
      asSeen: sql<boolean>`(select ok from checked)`,
      owned: sql<boolean>`exists (select 1 from owned)`,
      id: upsert.id,
      quantity: upsert.quantity,
      activityId: sql<number | null>`(select id from logged)`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(upsert, sql`true`)
    .prepare('cart_item_add');
}

/** The statement on a handle, built once per handle: the pool's is reused by every add without a key. */
const addStatements = new WeakMap<DbOrTx, ReturnType<typeof addStatement>>();

export async function addToCartItem(db: DbOrTx, args: AddArgs): Promise<UpsertResult> {
  let statement = addStatements.get(db);
  if (!statement) {
    statement = addStatement(db);
    addStatements.set(db, statement);
  }
  const [row] = await statement.execute(args);
  if (!row?.asSeen) return { asSeen: false, owned: false };
  if (!row.owned) return { asSeen: true, owned: false };
  if (row.id === null || row.quantity === null) return { asSeen: true, owned: true };
  return { asSeen: true, owned: true, item: { id: row.id, cartId: args.cartId, productId: args.productId, quantity: row.quantity } };
}

export async function findCartItem(db: DbOrTx, cartId: number, itemId: number) {
  const [row] = await db
    .select({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  return row;
}

export async function findCartItemByProduct(db: DbOrTx, cartId: number, productId: number) {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return row;
}

export async function setCartItemQuantity(db: DbOrTx, cartId: number, itemId: number, quantity: number) {
  const [row] = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .returning({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId, quantity: cartItems.quantity });
  return row;
}

export async function deleteCartItem(db: DbOrTx, cartId: number, itemId: number) {
  const [row] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .returning({ productId: cartItems.productId, quantity: cartItems.quantity });
  return row;
}

// ---- merchandise ----

/** Sets one entry's quantity; 0 removes it. */
export async function setMerchandiseQuantity(
  db: DbOrTx,
  cartId: number,
  type: MerchandiseType,
  code: string,
  quantity: number,
): Promise<void> {
  if (quantity <= 0) {
    await db
      .delete(cartMerchandise)
      .where(and(eq(cartMerchandise.cartId, cartId), eq(cartMerchandise.type, type), eq(cartMerchandise.code, code)));
    return;
  }
  await db
    .insert(cartMerchandise)
    .values({ cartId, type, code, quantity })
    .onConflictDoUpdate({
      target: [cartMerchandise.cartId, cartMerchandise.type, cartMerchandise.code],
      set: { quantity, updatedAt: new Date() },
    });
}

/** Replaces one whole list (PATCH with arrays). Entries must have quantity >= 1. */
export async function replaceMerchandiseList(
  tx: DbOrTx,
  cartId: number,
  type: MerchandiseType,
  entries: readonly { code: string; quantity: number }[],
): Promise<void> {
  await tx.delete(cartMerchandise).where(and(eq(cartMerchandise.cartId, cartId), eq(cartMerchandise.type, type)));
  if (entries.length === 0) return;
  await tx
    .insert(cartMerchandise)
    .values(entries.map((e) => ({ cartId, type, code: e.code, quantity: e.quantity })))
    // A per-entry change from another tab may land between our delete and insert: last write wins.
    .onConflictDoUpdate({
      target: [cartMerchandise.cartId, cartMerchandise.type, cartMerchandise.code],
      set: { quantity: sql`excluded.quantity`, updatedAt: new Date() },
    });
}

/**
 * Adds `delta` to each code's quantity atomically: entries that would reach 0
 * or less are removed, the rest move by delta (capped at `max`).
 */
export async function adjustMerchandiseQuantities(
  tx: DbOrTx,
  cartId: number,
  type: MerchandiseType,
  codes: readonly string[],
  delta: number,
  max: number,
): Promise<void> {
  const where = and(eq(cartMerchandise.cartId, cartId), eq(cartMerchandise.type, type), inArray(cartMerchandise.code, [...codes]));
  if (delta < 0) {
    await tx.delete(cartMerchandise).where(and(where, sql`${cartMerchandise.quantity} + ${delta} < 1`));
    await tx
      .update(cartMerchandise)
      .set({ quantity: sql`${cartMerchandise.quantity} + ${delta}`, updatedAt: new Date() })
      .where(where);
    return;
  }
  await tx
    .insert(cartMerchandise)
    .values(codes.map((code) => ({ cartId, type, code, quantity: Math.min(delta, max) })))
    .onConflictDoUpdate({
      target: [cartMerchandise.cartId, cartMerchandise.type, cartMerchandise.code],
      set: { quantity: sql`least(${cartMerchandise.quantity} + ${delta}, ${max})`, updatedAt: new Date() },
    });
}

export async function merchandiseQuantities(db: DbOrTx, cartId: number, type: MerchandiseType, codes: readonly string[]) {
  const rows = await db
    .select({ code: cartMerchandise.code, quantity: cartMerchandise.quantity })
    .from(cartMerchandise)
    .where(and(eq(cartMerchandise.cartId, cartId), eq(cartMerchandise.type, type), inArray(cartMerchandise.code, [...codes])));
  const byCode = new Map(rows.map((r) => [r.code, r.quantity]));
  return codes.map((code) => ({ type, code, quantity: byCode.get(code) ?? 0 }));
}

/** Lines and distinct carts that hold any of the products (docs/decisions/0130 replace preview). */
export async function productReferences(db: DbOrTx, productIds: readonly number[]): Promise<{ lines: number; carts: number }> {
  if (productIds.length === 0) return { lines: 0, carts: 0 };
  const [row] = await db
    .select({ lines: sql<number>`count(*)::int`, carts: sql<number>`count(distinct ${cartItems.cartId})::int` })
    .from(cartItems)
    .where(inArray(cartItems.productId, [...productIds]));
  return { lines: row?.lines ?? 0, carts: row?.carts ?? 0 };
}

/** Removes the products' lines from every cart; answers how many lines and carts that touched. */
export async function removeProductLines(db: DbOrTx, productIds: readonly number[]): Promise<{ lines: number; carts: number }> {
  if (productIds.length === 0) return { lines: 0, carts: 0 };
  const removed = await db
    .delete(cartItems)
    .where(inArray(cartItems.productId, [...productIds]))
    .returning({ cartId: cartItems.cartId });
  return { lines: removed.length, carts: new Set(removed.map((r) => r.cartId)).size };
}

/** Carts holding one merchandise entry. */
export async function merchandiseCartCount(db: DbOrTx, type: MerchandiseType, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartMerchandise)
    .where(and(eq(cartMerchandise.type, type), eq(cartMerchandise.code, code)));
  return row?.n ?? 0;
}

/** Removes one merchandise entry from every cart; answers how many carts held it. */
export async function removeMerchandiseEverywhere(db: DbOrTx, type: MerchandiseType, code: string): Promise<number> {
  const removed = await db
    .delete(cartMerchandise)
    .where(and(eq(cartMerchandise.type, type), eq(cartMerchandise.code, code)))
    .returning({ cartId: cartMerchandise.cartId });
  return removed.length;
}

// ---- company POs (docs/decisions/0233) ----

export async function setSharing(db: DbOrTx, cartId: number, shared: boolean): Promise<void> {
  await db.update(carts).set({ sharedWithCompany: shared, lastModified: new Date() }).where(eq(carts.id, cartId));
}

/** Submitted, returned, or neither (null): the approval columns together. */
export async function setApproval(
  db: DbOrTx,
  cartId: number,
  values: { approvalStatus: 'pending' | 'returned' | null; approvalNote: string | null; submittedAt: Date | null; submittedCheckout: Record<string, unknown> | null },
): Promise<void> {
  await db.update(carts).set({ ...values, lastModified: new Date() }).where(eq(carts.id, cartId));
}

/** A company's POs shared with it, other than the caller's own, most recently changed first. */
export async function listSharedCarts(db: DbOrTx, companyId: number, exceptUserId: number): Promise<CartRow[]> {
  return db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), eq(carts.sharedWithCompany, true), ne(carts.userId, exceptUserId)))
    .orderBy(desc(carts.lastModified), desc(carts.id));
}

/** A company's POs waiting for approval, oldest submission first. */
export async function listPendingCarts(db: DbOrTx, companyId: number): Promise<CartRow[]> {
  return db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), eq(carts.approvalStatus, 'pending'), isNotNull(carts.submittedAt)))
    .orderBy(asc(carts.submittedAt), asc(carts.id));
}

/** One PO of a company, locked when asked (the approval's transaction); another company's is not found. */
export async function findCompanyCart(db: DbOrTx, companyId: number, cartId: number, options: { lock?: boolean } = {}): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.companyId, companyId)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

/** Any cart by id, for the reason an add was refused (locked for approval, or not the caller's). */
export async function findCartById(db: DbOrTx, cartId: number): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  return row;
}

/** Owners' names for POs shown to someone else: first and last name, else the username (the users module's view). */
export async function ownerNames(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  const owner = userNames('owner');
  const rows = await db.select().from(owner).where(inArray(owner.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}
