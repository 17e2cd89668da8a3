import type { AllocationView } from '@common/contracts/lots';
import { allocateLine, LOT_MESSAGES, type LineAllocation } from '@common/domain/lots';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findAllocations, findCartChoices, lockLotsForOrder, recordAllocation, type LotRecord, type NewAllocation } from './repository';
import { syncStockWithLots } from './sync-sums';

export interface OrderLine {
  /** The order line (order_items.id). */
  id: number;
  productId: number;
  productName: string;
  quantity: number;
}

type LotFacts = Pick<LotRecord, 'id' | 'productId' | 'lot' | 'shade' | 'caliber' | 'warehouse' | 'quantity'>;

/** One line's plan: the lots it takes (with their facts), or why it cannot be filled. */
export type LinePlan = { ok: true; taken: { lot: LotFacts; quantity: number }[] } | Exclude<LineAllocation, { ok: true }>;

const viewOf = (lot: LotFacts, quantity: number): AllocationView => ({ lot: lot.lot, shade: lot.shade, caliber: lot.caliber, warehouse: lot.warehouse, quantity });

/**
 * The allocation of a whole order or cart (ADR 0185), the one rule both the cart's planned split and
 * placement use (docs/decisions/0209): lines in order, each SKU's lots lowered by what earlier lines
 * took, each line allocated by the pure rule (`allocateLine`) with its one-lot switch (on by
 * default). Null for a line whose SKU has no lots.
 */
export function planLines(
  lots: readonly LotFacts[],
  choices: ReadonlyMap<number, boolean>,
  lines: readonly { productId: number; quantity: number }[],
): (LinePlan | null)[] {
  const left = new Map(lots.map((l) => [l.id, l.quantity]));
  const byId = new Map(lots.map((l) => [l.id, l]));
  return lines.map((line) => {
    const own = lots.filter((l) => l.productId === line.productId).map((l) => ({ id: l.id, lot: l.lot, quantity: left.get(l.id) ?? 0 }));
    if (own.length === 0) return null;
    const result = allocateLine(own, line.quantity, choices.get(line.productId) ?? true);
    if (!result.ok) return result;
    for (const pick of result.picks) left.set(pick.lotId, (left.get(pick.lotId) ?? 0) - pick.quantity);
    return { ok: true, taken: result.picks.map((pick) => ({ lot: byId.get(pick.lotId)!, quantity: pick.quantity })) };
  });
}

/** A planned line as the answer shows it (what the order would record). */
export const plannedAllocations = (plan: LinePlan | null): AllocationView[] => (plan?.ok ? plan.taken.map((t) => viewOf(t.lot, t.quantity)) : []);

/**
 * Allocation at order placement (docs/decisions/0185), inside the order's transaction: the lots of
 * the order's SKUs are locked in id order, the lines are planned by `planLines`, and one statement
 * lowers the lots, writes the allocations and clears the cart's one-lot switches; a second brings
 * the stock of the SKUs it took from to the sum of their lots (sync-sums.ts). Lines no lot can fill are a 409 naming the first in its message and
 * each in `errors` (path `items.<productId>`, which the cart shows on the line, docs/decisions/0209);
 * the caller's transaction rolls back and nothing is placed.
 */
export async function allocateOrder(tx: DbOrTx, order: { orderId: number; cartId: number; lines: readonly OrderLine[] }): Promise<Map<number, AllocationView[]>> {
  const allocations = new Map<number, AllocationView[]>();
  const productIds = [...new Set(order.lines.map((l) => l.productId))].sort((a, b) => a - b);
  const lots = await lockLotsForOrder(tx, productIds);
  if (lots.length === 0) return allocations;
  const plans = planLines(lots, await findCartChoices(tx, order.cartId), order.lines);
  const refused = order.lines.flatMap((line, i) => {
    const plan = plans[i];
    return plan && !plan.ok ? [{ path: `items.${line.productId}`, message: LOT_MESSAGES.placementRefused(line, plan) }] : [];
  });
  if (refused.length > 0) throw new HttpError(409, refused[0]!.message, refused);
  const lotsById = new Map(lots.map((l) => [l.id, l]));
  const rows: NewAllocation[] = [];
  const picks: { lotId: number; quantity: number }[] = [];
  order.lines.forEach((line, i) => {
    const plan = plans[i];
    if (!plan?.ok) return;
    for (const { lot, quantity } of plan.taken) {
      picks.push({ lotId: lot.id, quantity });
      rows.push({ orderId: order.orderId, orderItemId: line.id, lotId: lot.id, lot: lot.lot, shade: lot.shade, caliber: lot.caliber, warehouse: lot.warehouse, quantity });
    }
    allocations.set(line.id, plan.taken.map((t) => viewOf(t.lot, t.quantity)));
  });
  await recordAllocation(tx, { cartId: order.cartId, picks, rows });
  await syncStockWithLots(tx, [...new Set(picks.map((p) => lotsById.get(p.lotId)!.productId))]);
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
