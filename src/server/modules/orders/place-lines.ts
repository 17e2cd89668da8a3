import type { AllocationView } from '@common/contracts/lots';
import type { OrderView } from '@common/contracts/orders';
import { displayName } from '@common/domain/display-name';
import { fromCents, toCents } from '@common/domain/money';
import { orderNumber } from '@common/domain/order-status';
import type { ShipToAddress } from '@common/domain/ship-to';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ActivityService } from '../activity';
import type { MailOutbox } from '../mail';
import type { EventPublisher } from '../webhooks';
import { orderConfirmationEmail, type OrderEmailSettings } from './email';
import * as repo from './repository';
import { lowerStockOfUnallocatedLines, type OrderStock } from './stock-rule';

/** One line of an order placed from given lines (not a cart): its price is the caller's, e.g. a quote's (docs/decisions/0237). */
export interface GivenLine {
  productId: number;
  productName: string;
  quantity: number;
  price: string;
  basePrice: string | null;
  /** Where the price came from, as an order line records a price list's ("Q-12", "Quote Q-12"). */
  source: { code: string; name: string };
}

export interface GivenOrder {
  companyId: number;
  cartName: string;
  poReference: string | null;
  notes: string | null;
  lines: readonly GivenLine[];
  /** The checkout's delivery and date, checked as a cart's are (service.ts deliveryOf, docs/decisions/0242). */
  checkout: GivenCheckout;
  /** The sentence when the placer's spending limit is passed (the cart's says "submit it for approval"). */
  overLimit: (limit: string) => string;
  /** The caller's allocation of the written lines (order_items.id, in the order given), in this transaction. */
  allocate: (orderId: number, items: readonly { id: number; productId: number; productName: string; quantity: number }[]) => Promise<Map<number, AllocationView[]>>;
}

export interface GivenCheckout {
  deliveryType?: 'pickup' | 'ship' | null;
  locationId?: number | null;
  shipTo?: string | null;
  shipToAddress?: ShipToAddress | null;
  saveShipTo?: boolean;
  requestedDate?: string | null;
}

/** What the orders service read and checked for the order: where it goes, the company, a rep's name. */
export interface GivenPlacement {
  delivery: { deliveryType: 'pickup' | 'ship' | null; locationId: number | null; shipTo: string | null; shipToAddress: ShipToAddress | null; requestedDate: string | null };
  companyName: string | null;
  /** A rep acting for the company (docs/decisions/0235): both names on the order. */
  rep: { id: number; name: string } | null;
  dealerConfirmation: 'awaiting' | null;
  /** A rep's order is confirmed to the company's buyers too. */
  dealerAddresses: string[];
}

/**
 * A purchase order written from lines the caller priced and allocates (an accepted quote's draw-down,
 * docs/decisions/0237), in the caller's transaction, with what every placed order gets: lines keeping
 * their price and its source, the stock rule for SKUs without lots (docs/decisions/0207), activity, the
 * confirmation email through the job queue and `order.created`. Delivery, date, company and rep as the
 * orders service checked them (`placement`, docs/decisions/0242).
 */
export async function placeGivenLines(
  deps: { activity: ActivityService; mail: Pick<MailOutbox, 'enqueue'>; email: OrderEmailSettings; events: EventPublisher; stock: OrderStock },
  tx: DbOrTx,
  placer: Actor,
  given: GivenOrder,
  placement: GivenPlacement,
): Promise<{ order: OrderView; stockMoved: boolean }> {
  const totalCents = given.lines.reduce((sum, l) => sum + (toCents(l.price) ?? 0) * l.quantity, 0);
  const { delivery, rep } = placement;
  const { order: row, lines } = await repo.insertOrder(
    tx,
    {
      userId: placer.userId,
      username: placer.username,
      placedByName: rep?.name ?? displayName({ username: placer.username, ...(await repo.findPlacerName(tx, placer.userId)) }),
      companyName: placement.companyName,
      placedByRepId: rep?.id ?? null,
      placedByRepName: rep?.name ?? null,
      dealerConfirmation: placement.dealerConfirmation,
      kind: 'purchase',
      cartName: given.cartName,
      notes: given.notes,
      poReference: given.poReference,
      deliveryType: delivery.deliveryType,
      shipTo: delivery.shipTo,
      shipToAddress: delivery.shipToAddress,
      requestedDate: delivery.requestedDate,
      total: fromCents(totalCents),
      companyId: given.companyId,
      locationId: delivery.locationId,
      approvedByUserId: null,
      approvedByName: null,
    },
    given.lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      price: l.price,
      basePrice: l.basePrice,
      priceListCode: l.source.code,
      priceListName: l.source.name,
      priceBreakMin: null,
    })),
    [],
  );
  const allocations = await given.allocate(row.id, lines.items);
  const lowered = await lowerStockOfUnallocatedLines(tx, deps.stock, lines.items, allocations);
  const order: OrderView = {
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
    company: row.companyName !== null && row.companyId !== null ? { id: row.companyId, name: row.companyName } : null,
    placedByRep: rep ? { userId: rep.id, name: rep.name } : null,
    dealerConfirmation: row.dealerConfirmation ? { status: row.dealerConfirmation, note: null, byName: null, at: null } : null,
    approvedByName: row.approvedByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
    })),
    merchandise: [],
    hasCallPrices: false,
  };
  await deps.activity.record(
    placer,
    {
      type: 'order_created',
      description: `${placer.username} placed purchase order ${orderNumber(order.id)} from ${given.lines[0]?.source.name ?? 'a quote'}`,
      metadata: { orderId: order.id, kind: 'purchase', lines: order.items.length, total: order.total, source: given.lines[0]?.source.code },
    },
    tx,
  );
  await deps.mail.enqueue(orderConfirmationEmail(order, placer, deps.email, placement.dealerAddresses), tx);
  await deps.events.publish(tx, 'order.created', { order });
  return { order, stockMoved: allocations.size > 0 || lowered };
}
