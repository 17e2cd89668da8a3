import type { CartView } from '@common/contracts/carts';
import type { AllocationView } from '@common/contracts/lots';
import {
  ordersCursor,
  ORDERS_PAGE_SIZE,
  type OrderExportQuery,
  type OwnOrdersExportQuery,
  type OrderSummary,
  type OrdersResponse,
  type OrderView,
  type ordersQuery,
  placeOrderBody,
  type ApproveBody,
  type ShipToLocationView,
  type SubmitForApprovalResponse,
  type ReorderBody,
  type ReorderResponse,
  type RequestedDatesResponse,
  type DealerConfirmationBody,
} from '@common/contracts/orders';
import { earliestRequestedDate, type IsoDate, requestedDateProblem } from '@common/domain/business-days';
import { CART_MESSAGES, isSampleCartName, MERCHANDISE_LISTS, orderKindFor, sampleOrderName } from '@common/domain/cart-rules';
import { backorderLineProblem, nowPartOf } from '@common/domain/backorders';
import { MAX_LINE_QUANTITY } from '@common/domain/stock-level';
import type { OrderBackorderView } from '@common/contracts/backorders';
import { displayName } from '@common/domain/display-name';
import { COMPANY_PO_MESSAGES, companyOrderingRefusal, placementRule } from '@common/domain/company-orders';
import { formatShipTo, type ShipToAddress } from '@common/domain/ship-to';
import { describeAllocation } from '@common/domain/lots';
import { emailReference } from '@common/domain/email-status';
import { fromCents, toCents } from '@common/domain/money';
import { ORDER_STATUS_LABELS, orderNumber, type OrderStatus } from '@common/domain/order-status';
import { checkStatusMove } from '@common/domain/order-status-moves';
import { reorderPoName, samplesPoName } from '@common/domain/reorder';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { CalendarService } from '../calendar';
import { cartOwner, type CartsService } from '../carts';
import type { LotsService } from '../lots';
import type { MailOutbox } from '../mail';
import type { EventPublisher } from '../webhooks';
import { companyStatusForOrdering, findCompany, findLocation, locationAddress, locationsOf, peopleOf, saveShipTo } from '../companies';
import { approvalApprovedEmail, approvalRequestEmail, approvalReturnedEmail, approvalSubmittedEmail } from './approval-emails';
import { orderConfirmationEmail, type OrderEmailSettings } from './email';
import { answerDealerConfirmation, dealerAnswerEmail, repAddress } from './dealer-confirmation';
import { checkSeenPrices } from './price-check';
import * as repo from './repository';
import { placeGivenLines, type GivenOrder } from './place-lines';
import { orderShipTo } from './ship-to';
import { lowerStockOfUnallocatedLines, type OrderStock } from './stock-rule';

export const ORDER_MESSAGES = {
  cartChanged: 'Your cart changed in another tab or window. Please review it and try again.',
  orderNotFound: 'Order not found',
} as const;

type PlaceOrderInput = z.infer<typeof placeOrderBody>;
/** The checkout's delivery fields: a cart's, or a quote order's (docs/decisions/0242). */
type Delivery = Pick<PlaceOrderInput, 'deliveryType' | 'shipTo' | 'shipToAddress' | 'locationId' | 'saveShipTo'>;

/** Most lines one export holds; narrow the dates to export more (docs/decisions/0162). */
export const ORDER_EXPORT_CAP = 100_000;
const EXPORT_BATCH_ORDERS = 500;

/**
 * The search part of the filters (ADR 0192): calendar days are the business's days (the
 * process's time zone, as "today" is in ADR 0042), so "to" runs to the end of that day.
 */
function searchFilters(query: { q?: string; sku?: number; from?: string; to?: string }): Pick<repo.OrderFilters, 'q' | 'sku' | 'placedFrom' | 'placedBefore'> {
  const localMidnight = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  };
  const before = query.to ? localMidnight(query.to) : undefined;
  before?.setDate(before.getDate() + 1);
  return { q: query.q || undefined, sku: query.sku, placedFrom: query.from ? localMidnight(query.from) : undefined, placedBefore: before };
}

function toOrderFields(row: repo.OrderRow) {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    placedBy: row.placedByName ?? row.username,
    poReference: row.poReference,
    notes: row.notes,
    kind: row.kind,
    status: row.status,
    cartName: row.cartName,
    deliveryType: row.deliveryType,
    shipTo: row.shipTo,
    shipToAddress: row.shipToAddress ?? null,
    requestedDate: row.requestedDate,
    total: row.total,
    companyId: row.companyId,
    locationId: row.locationId,
    company: row.companyId !== null && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
    placedByRep: row.placedByRepId !== null ? { userId: row.placedByRepId, name: row.placedByRepName ?? row.username } : null,
    dealerConfirmation: row.dealerConfirmation
      ? { status: row.dealerConfirmation, note: row.dealerConfirmationNote, byName: row.dealerConfirmedByName, at: row.dealerConfirmedAt?.toISOString() ?? null }
      : null,
    approvedByName: row.approvedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What orders ask of the lots module: allocation in the order's transaction, and reading it back. */
export type OrderLots = Pick<LotsService, 'allocateOrder' | 'allocationsOf' | 'stockChanged' | 'sameLotNotes' | 'allocateBackorders' | 'backordersOf' | 'releaseBackorders'>;

async function loadOrderView(db: DbOrTx, row: repo.OrderRow, lots: OrderLots): Promise<OrderView> {
  const [lines, allocations] = await Promise.all([repo.findOrderLines(db, row.id), lots.allocationsOf(db, [row.id])]);
  // Backorders against incoming loads (docs/decisions/0238): what each line waits for.
  const backorders = await lots.backordersOf(db, lines.items, [row.id]);
  return toOrderView(row, lines, allocations, backorders);
}

function toOrderView(
  row: repo.OrderRow,
  lines: repo.OrderLines,
  allocations: ReadonlyMap<number, AllocationView[]>,
  backorders: ReadonlyMap<number, OrderBackorderView> = new Map(),
): OrderView {
  return {
    ...toOrderFields(row),
    items: lines.items.map((i) => ({
      id: i.id,
      productId: i.productId,
      productName: i.productName,
      quantity: i.quantity,
      price: i.price,
      basePrice: i.basePrice,
      priceListCode: i.priceListCode,
      priceListName: i.priceListName,
      priceBreakMin: i.priceBreakMin,
      allocations: allocations.get(i.id) ?? [],
      backorder: backorders.get(i.id) ?? null,
    })),
    merchandise: lines.merchandise.map((m) => ({
      id: m.id,
      type: m.type,
      code: m.code,
      name: m.name,
      line: m.line,
      category: m.category,
      quantity: m.quantity,
      price: 0 as const,
    })),
    hasCallPrices: lines.items.some((i) => i.price === null),
  };
}

/** productId or code -> quantity, for lines above 0. */
function quantities(lines: readonly { key: string | number; quantity: number }[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const l of lines) if (l.quantity > 0) map.set(String(l.key), (map.get(String(l.key)) ?? 0) + l.quantity);
  return map;
}

function sameQuantities(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([key, quantity]) => b.get(key) === quantity);
}

/**
 * The order is what the active cart holds. The lines the client sent are what it
 * showed: nothing above 0 is "Your order is empty"; anything else that differs
 * from the cart means it changed in another tab, and the order is refused.
 */
function checkPayloadAgainstCart(body: PlaceOrderInput, cart: CartView): void {
  const sentLists = [
    body.items?.map((i) => ({ key: i.productId, quantity: i.quantity })),
    ...MERCHANDISE_LISTS.map((list) => body[list.key]?.map((m) => ({ key: m.code, quantity: m.quantity }))),
  ];
  const anySent = sentLists.some((list) => list !== undefined);
  const sentPositive = sentLists.some((list) => list?.some((l) => l.quantity > 0));
  if ((anySent && !sentPositive) || cart.totalItems === 0) throw new HttpError(400, CART_MESSAGES.emptyOrder);

  if (body.items && !sameQuantities(quantities(body.items.map((i) => ({ key: i.productId, quantity: i.quantity }))), quantities(cart.items.map((i) => ({ key: i.productId, quantity: i.quantity }))))) {
    throw new HttpError(409, ORDER_MESSAGES.cartChanged);
  }
  for (const list of MERCHANDISE_LISTS) {
    const sent = body[list.key];
    if (!sent) continue;
    const inCart = quantities(cart[list.key].map((m) => ({ key: m.code, quantity: m.quantity })));
    if (!sameQuantities(quantities(sent.map((m) => ({ key: m.code, quantity: m.quantity }))), inCart)) {
      throw new HttpError(409, ORDER_MESSAGES.cartChanged);
    }
  }
}

/** A dealer in a company and an order of that company (docs/decisions/0233). */
/** An account on hold or closed places, submits and approves nothing (docs/decisions/0230). */
async function requireOrderingCompany(tx: DbOrTx, companyId: number): Promise<void> {
  const refusal = companyOrderingRefusal((await companyStatusForOrdering(tx, companyId)) ?? 'active');
  if (refusal) throw new HttpError(403, refusal);
}

function sameCompany(actor: Actor, row: { companyId: number | null }): boolean {
  return actor.role === 'bold_customer' && actor.companyId != null && row.companyId === actor.companyId;
}

/** Who may read an order: its placer, any buyer of its company, an admin acting as admin. */
function canSee(actor: Actor, row: { userId: number; companyId: number | null }): boolean {
  return ownOrder(actor, row) || actor.role === 'admin' || sameCompany(actor, row);
}

/** A sample order the rep placed themselves, while they order for a dealer: the start of that dealer's PO. */
function isOwnSampleWhileActing(actor: Actor, row: { userId: number; companyId: number | null; kind: string }): boolean {
  return actor.actingFor != null && row.userId === actor.userId && row.companyId === null && row.kind === 'sample';
}

/** The caller placed it; while ordering for a dealer, only its orders count (docs/decisions/0235). */
function ownOrder(actor: Actor, row: { userId: number; companyId: number | null }): boolean {
  return row.userId === actor.userId && (!actor.actingFor || row.companyId === actor.actingFor.companyId);
}

/**
 * Whose orders a list or export holds: an admin's whatever they filter on (a user, a company); a
 * dealer in a company the company's; everyone else their own.
 */
function ownerScope(actor: Actor, asked: { userId?: number; companyId?: number }): Pick<repo.OrderFilters, 'userId' | 'companyId'> {
  if (actor.role === 'admin') return { userId: asked.userId, companyId: asked.companyId };
  if (actor.role === 'bold_customer' && actor.companyId != null) return { companyId: actor.companyId };
  return { userId: actor.userId };
}

/** The company a company admin approves for; anyone else is refused (403). */
function approverCompany(actor: Actor): number {
  if (actor.role !== 'bold_customer' || actor.companyRole !== 'admin' || actor.companyId == null) throw new HttpError(403, COMPANY_PO_MESSAGES.approverOnly);
  return actor.companyId;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Orders (docs/product-decisions.md#carts-and-orders): placing one is a single
 * transaction (order, lines with catalogue prices, cart cleared, activity,
 * confirmation email in the outbox). A retry with the same Idempotency-Key is answered by
 * plugins/idempotency.ts before this service runs (docs/decisions/0217-http-and-file-helpers-from-libraries.md).
 */
export function createOrdersService(deps: {
  db: Db;
  activity: ActivityService;
  carts: CartsService;
  /** Shade lots: each line of a SKU with lots is allocated in the order's transaction (ADR 0185). */
  lots: OrderLots;
  /** SKUs without lots: their stock level is lowered in the order's transaction (docs/decisions/0207). */
  stock: OrderStock;
  /** The confirmation is queued in the order's transaction; admins see its status (ADR 0134). */
  mail: Pick<MailOutbox, 'enqueue' | 'statusesOf'>;
  email: OrderEmailSettings;
  /** Webhook events, queued in the order's own transaction (docs/decisions/0161). */
  events: EventPublisher;
  /** The business's today; the process's local date unless a test hands in another. */
  today: () => IsoDate;
  /** Days the warehouse is closed from a date on (ADR 0054). */
  calendar: Pick<CalendarService, 'closedDaysFrom' | 'upcoming'>;
}) {
  const { db, activity, carts, lots } = deps;
  /** What other modules do when an order is cancelled, in its transaction (a quote takes its boxes back, docs/decisions/0245). */
  const whenCancelled: ((tx: DbOrTx, actor: Actor, orderId: number) => Promise<void>)[] = [];
  const view = (executor: DbOrTx, row: repo.OrderRow) => loadOrderView(executor, row, lots);

  async function visibleOrder(actor: Actor, id: number): Promise<repo.OrderRow> {
    const row = await repo.findOrder(db, id);
    // Another user's order is "not found", never a hint that it exists; a company's orders are
    // every one of its buyers' (docs/decisions/0233).
    if (!row || !canSee(actor, row)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    return row;
  }

  /** Admins see each order's confirmation email status, read through the mail module (ADR 0134). */
  async function withEmailStatus<T extends { id: number }>(actor: Actor, orders: T[], tx: DbOrTx = db): Promise<T[]> {
    if (actor.role !== 'admin' || orders.length === 0) return orders;
    const statuses = await deps.mail.statusesOf(orders.map((o) => emailReference.order(o.id)), tx);
    return orders.map((o) => ({ ...o, emailStatus: statuses.get(emailReference.order(o.id)) ?? null }));
  }

  /**
   * The company facts of a dealer who places: fresh from the database (a role or limit changed a
   * moment ago counts), and the rule of docs/decisions/0233 applied to the total the PO shows.
   */
  async function placerRule(tx: DbOrTx, userId: number, cart: CartView) {
    const total = fromCents(cart.items.reduce((sum, i) => sum + (toCents(i.product.price) ?? 0) * i.quantity, 0));
    return placerRuleFor(tx, userId, total);
  }

  /** The same rule for a total reached another way (an order from a quote, docs/decisions/0242). */
  async function placerRuleFor(tx: DbOrTx, userId: number, total: string) {
    const facts = await repo.findPlacerCompanyFacts(tx, userId);
    return { facts, rule: placementRule(facts, total) };
  }

  /** A requested date must be a business day the warehouse is open, far enough ahead (ADR 0054); a sample order needs one. */
  async function checkRequestedDate(kind: 'sample' | 'purchase', requestedDate: string | null | undefined): Promise<void> {
    if (kind !== 'sample' && !requestedDate) return;
    const today = deps.today();
    const problem = requestedDateProblem(requestedDate, today, await deps.calendar.closedDaysFrom(today));
    if (problem) throw new HttpError(400, problem, [{ path: 'requestedDate', message: problem }]);
  }

  /**
   * Where the order goes, checked and read in the order's transaction: a company's saved location or a
   * typed address (saved when asked), else ADR 0192's rules (orderShipTo). The cart's checkout and a
   * quote's order share it (docs/decisions/0242).
   */
  async function deliveryOf(tx: DbOrTx, placer: Actor, kind: 'sample' | 'purchase', companyId: number | null, body: Delivery) {
    const deliveryType = body.deliveryType ?? (kind === 'sample' ? 'pickup' : null);
    const location = companyId === null ? { locationId: null, address: null } : await companyShipTo(tx, companyId, { ...body, deliveryType });
    // ADR 0192, docs/decisions/0210: where the buyer said, else the profile's store; a sample order's must be complete.
    const { shipTo, shipToAddress } = await orderShipTo(tx, placer.userId, kind, {
      deliveryType,
      shipTo: body.shipTo,
      shipToAddress: location.address ?? body.shipToAddress,
    });
    return { deliveryType, locationId: location.locationId, shipTo, shipToAddress };
  }

  /** Where a dealer company's order goes: a saved location, or a typed address saved when asked. */
  async function companyShipTo(tx: DbOrTx, companyId: number, body: Delivery): Promise<{ locationId: number | null; address: ShipToAddress | null }> {
    if (body.deliveryType !== 'ship') return { locationId: null, address: null };
    if (body.locationId) {
      const location = await findLocation(tx, companyId, body.locationId);
      if (!location) throw new HttpError(400, COMPANY_PO_MESSAGES.locationNotFound, [{ path: 'locationId', message: COMPANY_PO_MESSAGES.locationNotFound }]);
      return { locationId: location.id, address: locationAddress(location) };
    }
    if (body.shipToAddress && body.saveShipTo) {
      const saved = await saveShipTo(tx, companyId, body.shipToAddress);
      return { locationId: saved.id, address: body.shipToAddress };
    }
    return { locationId: null, address: body.shipToAddress ?? null };
  }

  /**
   * Places one PO (the caller's active one, or an approved one): the payload and the seen prices
   * checked against the PO as read in this transaction (docs/decisions/0206), whose line prices are
   * the one price rule's for the PO's company (docs/decisions/0233), then the order written from
   * that same read. `placer` is who the order is placed by: the PO's owner.
   */
  async function placeCart(
    tx: DbOrTx,
    placer: Actor,
    cart: CartView,
    body: PlaceOrderInput,
    after: { approvedBy?: { userId: number; name: string }; retire: () => Promise<void> },
  ): Promise<{ order: OrderView; stockMoved: boolean }> {
    checkPayloadAgainstCart(body, cart);
    checkSeenPrices(body, cart);

    const kind = orderKindFor(placer.role);
    await checkRequestedDate(kind, body.requestedDate);
    for (const item of cart.items) {
      // Past the stock is a backorder (docs/decisions/0238): the loads are checked under lock below.
      const problem = backorderLineProblem(item.product, item.quantity, MAX_LINE_QUANTITY);
      // Named by path too, so the cart shows it on the line (docs/decisions/0209).
      if (problem) throw new HttpError(409, `${problem}. Please update your cart.`, [{ path: `items.${item.productId}`, message: `${problem}. Please update your cart.` }]);
    }

    const sampleNumber = kind === 'sample' ? (await repo.countSampleOrders(tx, placer.userId)) + 1 : 0;
    const companyId = kind === 'purchase' ? (cart.companyId ?? null) : null;
    if (companyId !== null) await requireOrderingCompany(tx, companyId);
    const { deliveryType, locationId, shipTo, shipToAddress } = await deliveryOf(tx, placer, kind, companyId, body);
    let totalCents = 0;
    for (const item of cart.items) totalCents += (toCents(item.product.price) ?? 0) * item.quantity;
    const merchandise = MERCHANDISE_LISTS.flatMap((list) =>
      cart[list.key].map((m) => ({ type: m.type, code: m.code, name: m.name, line: m.line, category: m.category, quantity: m.quantity })),
    );
    const placedByName = displayName({ username: placer.username, ...(await repo.findPlacerName(tx, placer.userId)) });
    const company = companyId === null ? undefined : await findCompany(tx, companyId);
    // A rep ordering for a dealer (docs/decisions/0235): both names, and the dealer's confirmation when it asks for it.
    const rep = placer.actingFor && companyId === placer.actingFor.companyId ? { id: placer.userId, name: placedByName } : null;
    const { order: row, lines } = await repo.insertOrder(
      tx,
      {
        userId: placer.userId,
        username: placer.username,
        placedByName,
        companyName: company?.name ?? null,
        placedByRepId: rep?.id ?? null,
        placedByRepName: rep?.name ?? null,
        dealerConfirmation: rep && company?.repOrdersNeedConfirmation ? 'awaiting' : null,
        kind,
        // A sample order is "Sample Order #N", never the cart's default name (ADR 0189).
        cartName: kind === 'sample' ? sampleOrderName(sampleNumber) : cart.name,
        notes: body.notes || null,
        poReference: body.poReference || null,
        deliveryType,
        shipTo,
        shipToAddress,
        requestedDate: body.requestedDate || null,
        total: fromCents(totalCents),
        companyId,
        locationId,
        approvedByUserId: after.approvedBy?.userId ?? null,
        approvedByName: after.approvedBy?.name ?? null,
      },
      // Each line keeps the price it was charged and where that price came from (docs/decisions/0229).
      cart.items.map((i) => ({
        productId: i.productId,
        productName: i.product.name,
        quantity: i.quantity,
        price: i.product.price,
        basePrice: i.basePrice === undefined ? i.product.price : i.basePrice,
        priceListCode: i.priceSource?.listCode ?? null,
        priceListName: i.priceSource?.listName ?? null,
        priceBreakMin: i.priceSource?.minQuantity ?? null,
      })),
      merchandise,
    );
    // Built from the rows just written: a new order has no allocations yet, nothing to read back.
    const placed = toOrderView(row, lines, new Map());
    // Before anything else is written about the order: a line no lot can fill refuses it whole (409).
    // Lots and stock take the part stock covers; incoming loads the rest, locked after the lots (docs/decisions/0238).
    const stockLevels = new Map(cart.items.map((i) => [i.productId, i.product.stockLevel]));
    const split = placed.items.map((i) => ({ ...i, stockLevel: stockLevels.get(i.productId) }));
    const nowLines = split.map((i) => ({ ...i, quantity: nowPartOf(i.quantity, i.stockLevel) })).filter((i) => i.quantity > 0);
    const allocations = await lots.allocateOrder(tx, { orderId: row.id, cartId: cart.id, lines: nowLines });
    const lowered = await lowerStockOfUnallocatedLines(tx, deps.stock, nowLines, allocations);
    const backorders = await lots.allocateBackorders(tx, { orderId: row.id, userId: placer.userId, cartId: cart.id, lines: split });
    const order = { ...placed, items: placed.items.map((i) => ({ ...i, allocations: allocations.get(i.id) ?? [], backorder: backorders.get(i.id) ?? null })) };
    // A placed PO leaves Current POs; the salesperson's one sample order is cleared (ADR 0189).
    if (kind === 'purchase') await after.retire();
    else await carts.emptyCart(tx, cart.id, isSampleCartName(cart.name) ? sampleOrderName(sampleNumber + 1) : undefined);
    await activity.record(
      placer,
      {
        type: 'order_created',
        description: after.approvedBy
          ? `${after.approvedBy.name} approved; ${placer.username} placed ${kind} order ${orderNumber(order.id)}`
          : `${placer.username} placed ${kind} order ${orderNumber(order.id)}`,
        metadata: {
          orderId: order.id,
          kind,
          cartId: cart.id,
          lines: order.items.length + order.merchandise.length,
          total: order.total,
          ...(after.approvedBy ? { approvedByUserId: after.approvedBy.userId } : {}),
        },
      },
      tx,
    );
    // A rep's order for a dealer goes to the company's buyers too (docs/decisions/0235); requesters only submit.
    const dealerAddresses = rep && companyId !== null ? (await peopleOf(tx, companyId)).flatMap((p) => (p.email && p.companyRole !== 'requester' ? [p.email] : [])) : [];
    await deps.mail.enqueue(orderConfirmationEmail(order, placer, deps.email, dealerAddresses), tx);
    await deps.events.publish(tx, 'order.created', { order });
    return { order, stockMoved: allocations.size > 0 || lowered };
  }

  async function placeInTransaction(
    tx: DbOrTx,
    actor: Actor,
    body: PlaceOrderInput,
  ): Promise<{ order: OrderView; stockMoved: boolean }> {
    // A rep's carts for the dealer they act for, or their own (docs/decisions/0235).
    const owner = cartOwner(actor);
    await carts.lockCarts(tx, owner);
    const cart = await carts.activeCartIn(tx, owner);
    if (!cart) throw new HttpError(409, CART_MESSAGES.noActiveCart);
    if (body.cartId !== undefined && body.cartId !== cart.id) throw new HttpError(409, ORDER_MESSAGES.cartChanged);
    if (cart.approvalStatus === 'pending') throw new HttpError(409, COMPANY_PO_MESSAGES.locked);
    if (orderKindFor(actor.role) === 'purchase' && cart.companyId) {
      // A requester never places; a buyer over their spending limit submits instead (docs/decisions/0233).
      const { rule } = await placerRule(tx, actor.userId, cart);
      if (rule.kind === 'approval') {
        // The seen-price check first: a buyer looking at old prices is told the prices moved.
        checkSeenPrices(body, cart);
        throw new HttpError(403, rule.reason, undefined, { needsApproval: true });
      }
    }
    return placeCart(tx, actor, cart, body, { retire: () => carts.retirePlacedCart(tx, owner, cart.id) });
  }

  /** Export lines, oldest order first, at most ORDER_EXPORT_CAP whole orders' lines; export_generated records it. */
  async function* exportFiltered(actor: Actor, filters: repo.ExportFilters, query: { format: string }): AsyncGenerator<repo.ExportLine> {
    let sent = 0;
    let complete = false;
    try {
      let afterId = 0;
      for (;;) {
        const lines = await repo.exportBatch(db, filters, afterId, EXPORT_BATCH_ORDERS);
        if (lines.length === 0) {
          complete = true;
          break;
        }
        // Whole orders only: an order's lines are never split by the cap.
        if (sent + lines.length > ORDER_EXPORT_CAP) break;
        const allocations = await lots.allocationsOf(db, [...new Set(lines.map((l) => l.order.id))]);
        for (const line of lines) {
          const taken = line.itemId === undefined ? undefined : allocations.get(line.itemId);
          yield taken && taken.length > 0 ? { ...line, lots: taken.map(describeAllocation).join('; ') } : line;
        }
        sent += lines.length;
        afterId = lines.at(-1)!.order.id;
      }
    } finally {
      await activity.record(actor, {
        type: 'export_generated',
        description: `${actor.username} exported ${sent} order line${sent === 1 ? '' : 's'} as ${query.format.toUpperCase()}`,
        metadata: { lines: sent, complete, filters: query },
      });
    }
  }

  return {
    async requestedDates(): Promise<RequestedDatesResponse> {
      const today = deps.today();
      const closedDays = await deps.calendar.upcoming(today);
      return { today, earliest: earliestRequestedDate(today, new Set(closedDays.map((d) => d.day))), closedDays };
    },

    /** An order from lines a caller priced, in its transaction: an accepted quote's (place-lines.ts, docs/decisions/0237). */
    /**
     * The same checks a cart's order gets (docs/decisions/0242): the account's standing, the placer's
     * spending limit (over it is a 403; a quote's order has no PO to submit), the requested date and
     * the delivery (a saved location, a typed address, pickup); a rep acting for the company is on the record.
     */
    async placeGivenLines(tx: DbOrTx, placer: Actor, given: GivenOrder) {
      await requireOrderingCompany(tx, given.companyId);
      const total = fromCents(given.lines.reduce((sum, l) => sum + (toCents(l.price) ?? 0) * l.quantity, 0));
      const { facts, rule } = await placerRuleFor(tx, placer.userId, total);
      if (rule.kind === 'approval') {
        const limit = facts.companyRole !== 'requester' && facts.spendingLimit !== null ? fromCents(toCents(facts.spendingLimit) ?? 0) : null;
        throw new HttpError(403, limit === null ? rule.reason : given.overLimit(limit));
      }
      await checkRequestedDate('purchase', given.checkout.requestedDate);
      const delivery = await deliveryOf(tx, placer, 'purchase', given.companyId, given.checkout);
      const company = await findCompany(tx, given.companyId);
      const repName = placer.actingFor?.companyId === given.companyId ? displayName({ username: placer.username, ...(await repo.findPlacerName(tx, placer.userId)) }) : null;
      const rep = repName === null ? null : { id: placer.userId, name: repName };
      const dealerAddresses = rep ? (await peopleOf(tx, given.companyId)).flatMap((p) => (p.email && p.companyRole !== 'requester' ? [p.email] : [])) : [];
      return placeGivenLines(deps, tx, placer, given, {
        delivery: { ...delivery, requestedDate: given.checkout.requestedDate || null },
        companyName: company?.name ?? null,
        rep,
        dealerConfirmation: rep && company?.repOrdersNeedConfirmation ? 'awaiting' : null,
        dealerAddresses,
      });
    },

    async place(actor: Actor, body: PlaceOrderInput): Promise<OrderView> {
      const { stockMoved, order } = await db.transaction((tx) => placeInTransaction(tx, actor, body));
      if (stockMoved) deps.stock.changed();
      return order;
    },

    /**
     * Submit for approval (docs/decisions/0233): the active PO of a requester, or of a buyer whose
     * total is over their spending limit, with the checkout as it would be placed. The PO becomes
     * pending and locked; the company's admins and the requester are emailed in the same transaction.
     */
    async submit(actor: Actor, body: PlaceOrderInput): Promise<SubmitForApprovalResponse> {
      return db.transaction(async (tx) => {
        await carts.lockCarts(tx, cartOwner(actor));
        const cart = await carts.activeCartIn(tx, cartOwner(actor));
        if (!cart) throw new HttpError(409, CART_MESSAGES.noActiveCart);
        if (body.cartId !== undefined && body.cartId !== cart.id) throw new HttpError(409, ORDER_MESSAGES.cartChanged);
        if (orderKindFor(actor.role) !== 'purchase' || !cart.companyId) throw new HttpError(403, COMPANY_PO_MESSAGES.notInCompany);
        if (cart.approvalStatus === 'pending') throw new HttpError(409, COMPANY_PO_MESSAGES.alreadyPending);
        await requireOrderingCompany(tx, cart.companyId);
        checkPayloadAgainstCart(body, cart);
        checkSeenPrices(body, cart);
        const { rule } = await placerRule(tx, actor.userId, cart);
        if (rule.kind === 'place') throw new HttpError(409, COMPANY_PO_MESSAGES.notNeeded);
        if (body.deliveryType === 'ship' && body.locationId && !(await findLocation(tx, cart.companyId, body.locationId))) {
          throw new HttpError(400, COMPANY_PO_MESSAGES.locationNotFound, [{ path: 'locationId', message: COMPANY_PO_MESSAGES.locationNotFound }]);
        }
        const checkout = {
          deliveryType: body.deliveryType ?? null,
          shipTo: body.shipTo ?? null,
          shipToAddress: body.shipToAddress ?? null,
          locationId: body.locationId ?? null,
          saveShipTo: body.saveShipTo ?? false,
          notes: body.notes ?? null,
          poReference: body.poReference ?? null,
          requestedDate: body.requestedDate ?? null,
        };
        await carts.submitForApproval(tx, cart.id, checkout);
        const requester = displayName({ username: actor.username, ...(await repo.findPlacerName(tx, actor.userId)) });
        const admins = (await peopleOf(tx, cart.companyId, 'admin')).flatMap((p) => (p.email ? [p.email] : []));
        if (admins.length > 0) await deps.mail.enqueue(approvalRequestEmail(deps.email, admins, cart, requester), tx);
        if (actor.email) await deps.mail.enqueue(approvalSubmittedEmail(deps.email, [actor.email], cart), tx);
        await activity.record(
          actor,
          { type: 'cart_updated', description: `${actor.username} submitted "${cart.name}" for approval`, metadata: { cartId: cart.id, approval: 'pending' } },
          tx,
        );
        return { cartId: cart.id, approvalStatus: 'pending' as const, submittedAt: new Date().toISOString() };
      });
    },

    /** The caller's company's ship-to locations for checkout (read through the companies module). */
    async shipToLocations(actor: Actor): Promise<ShipToLocationView[]> {
      if (actor.role !== 'bold_customer' || actor.companyId == null) return [];
      const rows = (await locationsOf(db, actor.companyId)).filter((l) => l.kind === 'ship_to');
      return rows.map((l) => {
        const address = locationAddress(l);
        return { id: l.id, name: l.name, isDefault: l.isDefault, address, text: formatShipTo(address) };
      });
    },

    /** The company's POs waiting for approval: company admins only. */
    async approvals(actor: Actor): Promise<CartView[]> {
      return carts.pendingOf(actor, approverCompany(actor));
    },

    /** One PO waiting for the approver's company (the approval screen opens it); anything else is not found. */
    async approval(actor: Actor, cartId: number): Promise<CartView> {
      const found = (await carts.pendingOf(actor, approverCompany(actor))).find((c) => c.id === cartId);
      if (!found) throw new HttpError(404, CART_MESSAGES.cartNotFound);
      return found;
    },

    /**
     * Approve (docs/decisions/0233): the PO is placed exactly as its owner's Place Order would place
     * it (the same price rule and seen-price check, the checkout they submitted), by the owner, with
     * the approver recorded. A PO no longer pending (approved already, returned) is a 409: approving
     * twice places once.
     */
    async approve(actor: Actor, cartId: number, body: ApproveBody | undefined): Promise<OrderView> {
      const companyId = approverCompany(actor);
      const { order, stockMoved } = await db.transaction(async (tx) => {
        // The owner, read without a lock: their carts lock comes first, as placement takes it, then the PO's row.
        const peek = await carts.companyCart(db, companyId, cartId);
        if (!peek) throw new HttpError(404, CART_MESSAGES.cartNotFound);
        await carts.lockCarts(tx, peek.row.userId);
        const found = await carts.companyCart(tx, companyId, cartId);
        if (!found) throw new HttpError(404, CART_MESSAGES.cartNotFound);
        if (found.row.approvalStatus !== 'pending') throw new HttpError(409, COMPANY_PO_MESSAGES.notPending);
        const owner = (await peopleOf(tx, companyId)).find((p) => p.id === found.row.userId);
        if (!owner) throw new HttpError(409, COMPANY_PO_MESSAGES.notPending);
        const placer: Actor = {
          ...actor,
          userId: owner.id,
          username: owner.username,
          email: owner.email,
          role: 'bold_customer',
          companyId,
          companyRole: owner.companyRole,
        };
        const input = placeOrderBody.safeParse({ ...(found.row.submittedCheckout ?? {}), cartId, items: body?.items, seenTotal: body?.seenTotal });
        if (!input.success) throw new HttpError(409, COMPANY_PO_MESSAGES.notPending);
        const approverName = displayName({ username: actor.username, ...(await repo.findPlacerName(tx, actor.userId)) });
        const placed = await placeCart(tx, placer, found.view, input.data, {
          approvedBy: { userId: actor.userId, name: approverName },
          retire: () => carts.retireApprovedCart(tx, owner.id, cartId, found.row.isActive),
        });
        if (owner.email) {
          await deps.mail.enqueue(approvalApprovedEmail(deps.email, [owner.email], cartId, found.view.name, placed.order.id, approverName), tx);
        }
        return placed;
      });
      if (stockMoved) deps.stock.changed();
      return order;
    },

    /** Return with a note: the PO is the owner's to change and submit again; they are emailed. */
    async returnPo(actor: Actor, cartId: number, note: string): Promise<void> {
      const companyId = approverCompany(actor);
      await db.transaction(async (tx) => {
        const found = await carts.companyCart(tx, companyId, cartId);
        if (!found) throw new HttpError(404, CART_MESSAGES.cartNotFound);
        if (found.row.approvalStatus !== 'pending') throw new HttpError(409, COMPANY_PO_MESSAGES.notPending);
        await carts.returnToOwner(tx, cartId, note);
        const owner = (await peopleOf(tx, companyId)).find((p) => p.id === found.row.userId);
        const approverName = displayName({ username: actor.username, ...(await repo.findPlacerName(tx, actor.userId)) });
        if (owner?.email) await deps.mail.enqueue(approvalReturnedEmail(deps.email, [owner.email], found.view, approverName, note), tx);
        await activity.record(
          actor,
          {
            type: 'cart_updated',
            description: `${actor.username} returned "${found.view.name}" to its owner`,
            targetUserId: found.row.userId,
            metadata: { cartId, approval: 'returned' },
          },
          tx,
        );
      });
    },

    async list(actor: Actor, query: z.infer<typeof ordersQuery>): Promise<OrdersResponse> {
      const isAdmin = actor.role === 'admin';
      const filters: repo.OrderFilters = {
        status: query.status,
        kind: query.kind,
        // Everyone else sees only their own orders, or their company's (docs/decisions/0233), whatever they ask for.
        ...ownerScope(actor, { userId: query.userId, companyId: query.company }),
        username: isAdmin ? query.username : undefined,
        ...searchFilters(query),
      };
      if (query.updatedSince !== undefined || query.cursor !== undefined) {
        // The route's schema has already decoded and checked the cursor (ordersCursor, ADR 0205).
        const cursor = query.cursor === undefined ? undefined : { updatedAt: query.cursor[0], id: query.cursor[1] };
        // One row more than a page tells whether another page follows.
        const changed = await repo.listOrdersChangedSince(db, filters, { since: query.updatedSince, cursor }, ORDERS_PAGE_SIZE + 1);
        const rows = changed.rows.slice(0, ORDERS_PAGE_SIZE);
        const last = rows.at(-1);
        return {
          orders: await withEmailStatus(
            actor,
            rows.map((r) => ({ ...toOrderFields(r.order), lineCount: r.lineCount, totalQuantity: r.totalQuantity, hasCallPrices: r.hasCallPrices })),
          ),
          total: changed.total,
          page: 1,
          pageSize: ORDERS_PAGE_SIZE,
          // With nothing new, the position stays where it was.
          nextCursor: last ? ordersCursor.encode([last.stamp, last.order.id]) : query.cursor ? ordersCursor.encode(query.cursor) : null,
          hasMore: changed.rows.length > ORDERS_PAGE_SIZE,
        };
      }
      const { rows, total } = await repo.listOrders(db, filters, {
        limit: ORDERS_PAGE_SIZE,
        offset: (query.page - 1) * ORDERS_PAGE_SIZE,
      });
      const orders: OrderSummary[] = rows.map((r) => ({
        ...toOrderFields(r.order),
        lineCount: r.lineCount,
        totalQuantity: r.totalQuantity,
        hasCallPrices: r.hasCallPrices,
      }));
      return { orders: await withEmailStatus(actor, orders), total, page: query.page, pageSize: ORDERS_PAGE_SIZE };
    },

    /**
     * Export lines, oldest order first, at most ORDER_EXPORT_CAP whole orders' lines; when the
     * stream ends (or is abandoned) export_generated records how many and whether that was all.
     */
    async *exportLines(actor: Actor, query: OrderExportQuery): AsyncGenerator<repo.ExportLine> {
      yield* exportFiltered(actor, { status: query.status, kind: query.kind, userId: query.userId, companyId: query.company, username: query.username, from: query.from, to: query.to }, query);
    },

    /**
     * GET /api/orders/export (ADR 0192): the caller's own orders, searched like the list, through
     * the admin export's code; an admin acting as admin exports everyone's.
     */
    async *exportOwnLines(actor: Actor, query: OwnOrdersExportQuery): AsyncGenerator<repo.ExportLine> {
      const filters: repo.ExportFilters = {
        status: query.status,
        ...ownerScope(actor, {}),
        ...searchFilters(query),
      };
      yield* exportFiltered(actor, filters, query);
    },

    async get(actor: Actor, id: number): Promise<OrderView> {
      const [order] = await withEmailStatus(actor, [await view(db, await visibleOrder(actor, id))]);
      return order!;
    },

    /** A buyer confirms or declines an order a rep placed for the company (docs/decisions/0235); the rep is emailed. */
    async answerDealerConfirmation(actor: Actor, id: number, body: DealerConfirmationBody): Promise<OrderView> {
      return db.transaction(async (tx) => {
        const { row } = await answerDealerConfirmation(tx, actor, id, body);
        await activity.record(
          actor,
          {
            type: 'order_updated',
            description: `${actor.username} ${body.decision} order ${orderNumber(id)} placed for their company by ${row.placedByRepName ?? 'a rep'}`,
            targetUserId: row.placedByRepId,
            metadata: { orderId: id, dealerConfirmation: body.decision },
          },
          tx,
        );
        const to = row.placedByRepId === null ? [] : await repAddress(tx, row.placedByRepId);
        if (to.length > 0) await deps.mail.enqueue(dealerAnswerEmail(deps.email, to, row), tx);
        return view(tx, row);
      });
    },

    /** Registers work for a cancelled order, run in the cancelling transaction (quotes: docs/decisions/0245). */
    onCancelled(hook: (tx: DbOrTx, actor: Actor, orderId: number) => Promise<void>): void {
      whenCancelled.push(hook);
    },

    async updateStatus(actor: Actor, id: number, status: OrderStatus): Promise<OrderView> {
      return db.transaction(async (tx) => {
        const before = await repo.findOrderForUpdate(tx, id);
        if (!before) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
        const move = checkStatusMove(before.status, status);
        if (move.kind === 'illegal') throw new HttpError(409, move.message);
        if (move.kind === 'same') {
          // The same status again (a retried call, a second click) changes nothing: no row, activity or event (ADR 0183).
          const [shown] = await withEmailStatus(actor, [await view(tx, before)], tx);
          return shown!;
        }
        const row = await repo.updateOrderStatus(tx, id, status);
        if (!row) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
        // A cancelled order no longer waits for a load: its promise goes back to the load (docs/decisions/0238).
        if (status === 'cancelled') {
          await lots.releaseBackorders(tx, id);
          for (const hook of whenCancelled) await hook(tx, actor, id);
        }
        await activity.record(
          actor,
          {
            type: 'order_updated',
            description: `${actor.username} set order ${orderNumber(id)} to ${ORDER_STATUS_LABELS[status]}`,
            targetUserId: row.userId,
            metadata: { orderId: id, from: before.status, to: status },
          },
          tx,
        );
        const order = await view(tx, row);
        await deps.events.publish(tx, 'order.status_changed', { order, previousStatus: before.status });
        // The screen replaces its copy of the order with this answer, so it carries the email status too.
        const [shown] = await withEmailStatus(actor, [order], tx);
        return shown!;
      });
    },

    /**
     * Copies the order's still-orderable lines into the PO the caller chose: a new PO named after
     * the order by default, the active PO or another of theirs (docs/decisions/0208). Own orders only.
     */
    async reorder(actor: Actor, id: number, body: ReorderBody): Promise<ReorderResponse> {
      const row = await repo.findOrder(db, id);
      // A rep ordering for a dealer starts its PO from a sample order of their own (docs/decisions/0235).
      const fromSamples = row !== undefined && isOwnSampleWhileActing(actor, row);
      // Own orders, and a company's orders for each of its buyers (docs/decisions/0233); an admin acts as a customer here.
      if (!row || !(ownOrder(actor, row) || sameCompany(actor, row) || fromSamples)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      const order = await view(db, row);
      const lotNotes = fromSamples ? [] : await lots.sameLotNotes(order.items);
      return db.transaction(async (tx) => {
        await carts.lockCarts(tx, cartOwner(actor));
        const result = await carts.reorderInto(
          tx,
          actor,
          fromSamples ? { target: 'new', newName: samplesPoName(id) } : { target: body?.target, cartId: body?.cartId, newName: reorderPoName(id, order.cartName) },
          // Sample pieces say nothing of a job's boxes: one box each, for the rep to fill in; no merchandise.
          order.items.map((i) => ({ productId: i.productId, name: i.productName, quantity: fromSamples ? 1 : i.quantity })),
          fromSamples ? [] : order.merchandise.map((m) => ({ type: m.type, code: m.code, name: m.line ? `${m.line} ${m.name}` : m.name, quantity: m.quantity })),
        );
        await activity.record(
          actor,
          {
            type: 'cart_updated',
            description: `${actor.username} reordered ${orderNumber(id)} into "${result.cartName}"`,
            metadata: { orderId: id, cartId: result.cartId, created: result.created, added: result.added.length, skipped: result.skipped.length },
          },
          tx,
        );
        return lotNotes.length > 0 ? { ...result, lotNotes } : result;
      });
    },
  };
}
