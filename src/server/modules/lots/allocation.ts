import type { AllocationView } from '@common/contracts/lots';
import { allocateLine, LOT_MESSAGES } from '@common/domain/lots';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findAllocations, findCartChoices, lockLotsForOrder, recordAllocation, type NewAllocation } from './repository';

export interface OrderLine {
  /** The order line (order_items.id). */
  id: number;
  productId: number;
  productName: string;
  quantity: number;
}

/**
 * Allocation at order placement (docs/decisions/0185), inside the order's transaction: the lots of
 * the order's SKUs are locked in id order, each line of a SKU with lots is allocated by the pure
 * rule (`allocateLine`), and one statement lowers the lots (their SKUs' stock levels follow by
 * trigger), writes the allocations and clears the cart's one-lot switches. A line no lot can fill
 * is a 409 naming it; the caller's transaction rolls back and nothing is placed.
 */
export async function allocateOrder(tx: DbOrTx, order: { orderId: number; cartId: number; lines: readonly OrderLine[] }): Promise<Map<number, AllocationView[]>> {
  const allocations = new Map<number, AllocationView[]>();
  const productIds = [...new Set(order.lines.map((l) => l.productId))].sort((a, b) => a - b);
  const lots = await lockLotsForOrder(tx, productIds);
  if (lots.length === 0) return allocations;
  const choices = await findCartChoices(tx, order.cartId);
  const left = new Map(lots.map((l) => [l.id, l.quantity]));
  const byId = new Map(lots.map((l) => [l.id, l]));
  const rows: NewAllocation[] = [];
  const picks: { lotId: number; quantity: number }[] = [];
  for (const line of order.lines) {
    const own = lots.filter((l) => l.productId === line.productId).map((l) => ({ id: l.id, lot: l.lot, quantity: left.get(l.id) ?? 0 }));
    if (own.length === 0) continue;
    const result = allocateLine(own, line.quantity, choices.get(line.productId) ?? true);
    if (!result.ok) throw new HttpError(409, LOT_MESSAGES.placementRefused(line, result), [{ path: `items.${line.productId}`, message: LOT_MESSAGES.placementRefused(line, result) }]);
    for (const pick of result.picks) {
      const lot = byId.get(pick.lotId)!;
      left.set(pick.lotId, (left.get(pick.lotId) ?? 0) - pick.quantity);
      picks.push(pick);
      rows.push({ orderId: order.orderId, orderItemId: line.id, lotId: lot.id, lot: lot.lot, shade: lot.shade, caliber: lot.caliber, warehouse: lot.warehouse, quantity: pick.quantity });
      const view = { lot: lot.lot, shade: lot.shade, caliber: lot.caliber, warehouse: lot.warehouse, quantity: pick.quantity };
      allocations.set(line.id, [...(allocations.get(line.id) ?? []), view]);
    }
  }
  await recordAllocation(tx, { cartId: order.cartId, picks, rows });
  return allocations;
}

/** The allocations of some orders, by order line. */
export async function allocationsOf(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, AllocationView[]>> {
  const byLine = new Map<number, AllocationView[]>();
  for (const a of await findAllocations(db, orderIds)) {
    const view = { lot: a.lot, shade: a.shade, caliber: a.caliber, warehouse: a.warehouse, quantity: a.quantity };
    byLine.set(a.orderItemId, [...(byLine.get(a.orderItemId) ?? []), view]);
  }
  return byLine;
}
