import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NAME_SQL_PATTERN } from '@common/domain/cart-rules';
import type { OrderKind, OrderStatus } from '@common/domain/order-status';
import type { StoreProfile } from '@common/domain/ship-to';
import type { CompanyRole } from '@common/domain/companies';
import type { DbOrTx } from '../../db/client';
import { orderItems, orderMerchandise, orders } from '../../db/schema';
import { userNames, userStoreAddresses } from '../users';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** The order and its lines as written, lines in id order (as findOrderLines reads them): placement builds its answer from these. */
export async function insertOrder(
  tx: DbOrTx,
  order: NewOrder,
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
  merchandise: Omit<typeof orderMerchandise.$inferInsert, 'orderId'>[],
): Promise<{ order: OrderRow; lines: OrderLines }> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('order not created');
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const insertedItems = items.length > 0 ? await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row.id }))).returning() : [];
  const insertedMerchandise =
    merchandise.length > 0 ? await tx.insert(orderMerchandise).values(merchandise.map((m) => ({ ...m, orderId: row.id }))).returning() : [];
  return { order: row, lines: { items: insertedItems.sort(byId), merchandise: insertedMerchandise.sort(byId) } };
}

/** The placer's names, copied onto the order so it reads well after they change or leave. */
/** How many sample orders the user has placed: the next one is "Sample Order #(n+1)" (ADR 0189). Call under the carts lock. */
export async function countSampleOrders(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'sample')));
  return row?.n ?? 0;
}

export async function findPlacerName(db: DbOrTx, userId: number) {
  const placer = userNames('placer');
  const [row] = await db.select({ firstName: placer.firstName, lastName: placer.lastName }).from(placer).where(eq(placer.id, userId));
  return row ?? {};
}

/** The placer's store and names: where a shipped order goes unless the buyer gave another (ADR 0192, docs/decisions/0210). */
export async function findStoreProfile(db: DbOrTx, userId: number): Promise<StoreProfile | undefined> {
  const store = userStoreAddresses('store');
  const [row] = await db.select().from(store).where(eq(store.id, userId));
  return row;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order locked for a status change: two admins (or an admin and an ERP) moving it at once take turns. */
export async function findOrderForUpdate(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export interface OrderLines {
  items: (typeof orderItems.$inferSelect)[];
  merchandise: (typeof orderMerchandise.$inferSelect)[];
}

export async function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLines> {
  const [items, merchandise] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db.select().from(orderMerchandise).where(eq(orderMerchandise.orderId, orderId)).orderBy(asc(orderMerchandise.id)),
  ]);
  return { items, merchandise };
}

export interface OrderFilters {
  userId?: number;
  /** One dealer company's orders (docs/decisions/0233): a dealer's list, or an admin's `company=`. */
  companyId?: number;
  username?: string;
  status?: OrderStatus;
  kind?: OrderKind;
  /** Text in the PO name or PO reference (ADR 0192; the trigram index orders_po_search_trgm_idx). */
  q?: string;
  /** A SKU on any product line (order_items_product_idx). */
  sku?: number;
  /** Placed at or after, and before (exclusive), as instants. */
  placedFrom?: Date;
  placedBefore?: Date;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(filters: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId !== undefined) conditions.push(eq(orders.userId, filters.userId));
  if (filters.companyId !== undefined) conditions.push(eq(orders.companyId, filters.companyId));
  if (filters.username !== undefined) {
    // A plain substring match: % and _ typed by an admin are literal characters.
    const escaped = filters.username.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(orders.username, `%${escaped}%`));
  }
  if (filters.status !== undefined) conditions.push(eq(orders.status, filters.status));
  if (filters.kind !== undefined) conditions.push(eq(orders.kind, filters.kind));
  if (filters.q) {
    // The same expression as the index, so PostgreSQL can use it.
    conditions.push(sql`(coalesce(${orders.cartName}, '') || ' ' || coalesce(${orders.poReference}, '')) ilike ${likeText(filters.q)}`);
  }
  if (filters.sku !== undefined) {
    conditions.push(sql`exists (select 1 from order_items oi where oi.order_id = ${orders.id} and oi.product_id = ${filters.sku})`);
  }
  if (filters.placedFrom) conditions.push(sql`${orders.createdAt} >= ${filters.placedFrom.toISOString()}::timestamptz`);
  if (filters.placedBefore) conditions.push(sql`${orders.createdAt} < ${filters.placedBefore.toISOString()}::timestamptz`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

// Written out in full: inside a subquery drizzle would leave "id" unqualified.
const summaryColumns = {
  lineCount: sql<number>`(
    (select count(*) from order_items oi where oi.order_id = "orders"."id") +
    (select count(*) from order_merchandise om where om.order_id = "orders"."id")
  )::int`,
  totalQuantity: sql<number>`(
    coalesce((select sum(oi.quantity) from order_items oi where oi.order_id = "orders"."id"), 0) +
    coalesce((select sum(om.quantity) from order_merchandise om where om.order_id = "orders"."id"), 0)
  )::int`,
  hasCallPrices: sql<boolean>`exists (select 1 from order_items oi where oi.order_id = "orders"."id" and oi.price is null)`,
};

/** One page of orders, newest first, with line counts, in two queries. */
export async function listOrders(db: DbOrTx, filters: OrderFilters, page: { limit: number; offset: number }) {
  const where = filterWhere(filters);
  const { lineCount, totalQuantity, hasCallPrices } = summaryColumns;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ order: orders, lineCount, totalQuantity, hasCallPrices })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function updateOrderStatus(db: DbOrTx, id: number, status: OrderStatus): Promise<OrderRow | undefined> {
  const [row] = await db.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id)).returning();
  return row;
}

/** Where a polling client stopped: the last row's updated_at (microseconds, as text) and id. */
export interface ChangeCursor {
  updatedAt: string;
  id: number;
}

/**
 * Orders changed after a point, oldest change first, for polling ERPs. The
 * cursor keeps PostgreSQL's microseconds, so rows changed in the same
 * millisecond are neither skipped nor repeated.
 */
export async function listOrdersChangedSince(
  db: DbOrTx,
  filters: OrderFilters,
  after: { since?: string; cursor?: ChangeCursor },
  limit: number,
) {
  const conditions = [filterWhere(filters)];
  if (after.since) conditions.push(sql`${orders.updatedAt} > ${after.since}::timestamptz`);
  if (after.cursor) conditions.push(sql`(${orders.updatedAt}, ${orders.id}) > (${after.cursor.updatedAt}::timestamptz, ${after.cursor.id})`);
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const stamp = sql<string>`to_char(${orders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ order: orders, lineCount: summaryColumns.lineCount, totalQuantity: summaryColumns.totalQuantity, hasCallPrices: summaryColumns.hasCallPrices, stamp })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One export line: the order's fields and one product or merchandise line. */
export interface ExportLine {
  order: OrderRow;
  lineType: string;
  code: string;
  name: string;
  quantity: number;
  price: string | null;
  /** The product's own price when ordered, and the contract list and break the price came from. */
  basePrice?: string | null;
  priceList?: string | null;
  priceBreakMin?: number | null;
  /** The order line's id, for product lines (their lot allocations). */
  itemId?: number;
  /** The lots the line was allocated from, written out (filled by the service). */
  lots?: string;
}

export interface ExportFilters extends OrderFilters {
  from?: string;
  to?: string;
}

/** A batch of orders for the export, oldest first, after the given id; with their lines. */
export async function exportBatch(db: DbOrTx, filters: ExportFilters, afterId: number, limit: number): Promise<ExportLine[]> {
  const conditions = [filterWhere(filters), sql`${orders.id} > ${afterId}`];
  if (filters.from) conditions.push(sql`${orders.createdAt} >= ${filters.from}::timestamptz`);
  if (filters.to) conditions.push(sql`${orders.createdAt} <= ${filters.to}::timestamptz`);
  const batch = await db
    .select({ order: orders })
    .from(orders)
    .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
    .orderBy(asc(orders.id))
    .limit(limit);
  if (batch.length === 0) return [];
  const ids = batch.map((b) => b.order.id);
  const [items, merchandise] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderMerchandise).where(inArray(orderMerchandise.orderId, ids)).orderBy(asc(orderMerchandise.id)),
  ]);
  const lines: ExportLine[] = [];
  for (const { order } of batch) {
    for (const i of items) {
      if (i.orderId === order.id) {
        lines.push({
          order,
          lineType: 'product',
          code: String(i.productId),
          name: i.productName,
          quantity: i.quantity,
          price: i.price,
          basePrice: i.basePrice,
          priceList: i.priceListName,
          priceBreakMin: i.priceBreakMin,
          itemId: i.id,
        });
      }
    }
    for (const m of merchandise) {
      if (m.orderId === order.id) {
        lines.push({ order, lineType: m.type, code: m.code, name: m.line ? `${m.line} ${m.name}` : m.name, quantity: m.quantity, price: '0.00' });
      }
    }
  }
  return lines;
}

/** Orders that hold one merchandise entry (docs/decisions/0131: such an item is deactivated, not deleted). */
export async function merchandiseOrderCount(db: DbOrTx, type: OrderMerchandiseType, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orderMerchandise.orderId})::int` })
    .from(orderMerchandise)
    .where(and(eq(orderMerchandise.type, type), eq(orderMerchandise.code, code)));
  return row?.n ?? 0;
}
type OrderMerchandiseType = (typeof orderMerchandise.$inferSelect)['type'];

/** The default-looking PO names ("Purchase Order N") the user's orders were placed under (docs/decisions/0213). */
export async function defaultPoNamesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: orders.cartName })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.cartName} ~* ${DEFAULT_NAME_SQL_PATTERN}`));
  return rows.flatMap((r) => (r.name === null ? [] : [r.name]));
}

/**
 * What decides whether a dealer may place directly (docs/decisions/0233): their company, role and
 * spending limit, read in the placement's transaction so a limit changed a moment ago counts. The
 * users table is shared with the companies module for these columns (ADR 0229).
 */
export async function findPlacerCompanyFacts(
  db: DbOrTx,
  userId: number,
): Promise<{ companyId: number | null; companyRole: CompanyRole | null; spendingLimit: string | null }> {
  const result = await db.execute<{ company_id: number | null; company_role: CompanyRole | null; spending_limit: string | null }>(
    sql`select company_id, company_role, spending_limit::text as spending_limit from users where id = ${userId}`,
  );
  const row = result.rows[0];
  return { companyId: row?.company_id ?? null, companyRole: row?.company_role ?? null, spendingLimit: row?.spending_limit ?? null };
}
