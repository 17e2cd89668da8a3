import type { AllocationView } from '@common/contracts/lots';
import type { OrderView } from '@common/contracts/orders';
import { displayName } from '@common/domain/display-name';
import { fromCents, toCents } from '@common/domain/money';
import { orderNumber } from '@common/domain/order-status';
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
  /** The caller's allocation of the written lines (order_items.id, in the order given), in this transaction. */
  allocate: (orderId: number, items: readonly { id: number; productId: number; productName: string; quantity: number }[]) => Promise<Map<number, AllocationView[]>>;
}

/**
 * A purchase order written from lines the caller priced and allocates (an accepted quote's draw-down,
 * docs/decisions/0237), in the caller's transaction, with what every placed order gets: lines keeping
 * their price and its source, the stock rule for SKUs without lots (docs/decisions/0207), activity, the
 * confirmation email through the job queue and `order.created`. Pickup; the office arranges delivery.
 */
export async function placeGivenLines(
  deps: { activity: ActivityService; mail: Pick<MailOutbox, 'enqueue'>; email: OrderEmailSettings; events: EventPublisher; stock: OrderStock },
  tx: DbOrTx,
  placer: Actor,
  given: GivenOrder,
): Promise<{ order: OrderView; stockMoved: boolean }> {
  const totalCents = given.lines.reduce((sum, l) => sum + (toCents(l.price) ?? 0) * l.quantity, 0);
  const { order: row, lines } = await repo.insertOrder(
    tx,
    {
      userId: placer.userId,
      username: placer.username,
      placedByName: displayName({ username: placer.username, ...(await repo.findPlacerName(tx, placer.userId)) }),
      kind: 'purchase',
      cartName: given.cartName,
      notes: given.notes,
      poReference: given.poReference,
      deliveryType: 'pickup',
      shipTo: null,
      shipToAddress: null,
      requestedDate: null,
      total: fromCents(totalCents),
      companyId: given.companyId,
      locationId: null,
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
  await deps.mail.enqueue(orderConfirmationEmail(order, placer, deps.email), tx);
  await deps.events.publish(tx, 'order.created', { order });
  return { order, stockMoved: allocations.size > 0 || lowered };
}
